#include "cli/commands/AdminCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "common/EscapeBytes.h"
#include "inspect/HoldersText.h"
#include "inspect/NamedLockLookup.h"
#include "inspect/admin/AuditLog.h"
#include "inspect/admin/ExtendLock.h"
#include "inspect/admin/ForceRelease.h"
#include "inspect/scan/MasterConnections.h"

#include <charconv>
#include <istream>
#include <ostream>

namespace lockscope {

namespace {

struct AdminArguments
{
    std::string name;
    bool force = false;
    bool yes = false;
    long long ttlMs = 0;
    std::vector<std::string> lockPatterns;
};

Result<AdminArguments> parseArguments(const std::string& command, const std::vector<std::string>& args)
{
    AdminArguments parsed;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (command == "release" && arg == "--force") {
            parsed.force = true;
        } else if (command == "release" && arg == "--yes") {
            parsed.yes = true;
        } else if (arg == "--lock-pattern" || (command == "extend" && arg == "--ttl")) {
            if (i + 1 >= args.size())
                return makeError(ErrorKind::Usage, arg + " needs a value");
            const std::string& value = args[++i];
            if (arg == "--lock-pattern") {
                parsed.lockPatterns.push_back(value);
                continue;
            }
            auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed.ttlMs);
            if (ec != std::errc() || end != value.data() + value.size() || parsed.ttlMs <= 0)
                return makeError(ErrorKind::Usage, "--ttl expects milliseconds, got '" + value + "'");
        } else if (!arg.starts_with("--") && parsed.name.empty()) {
            parsed.name = arg;
        } else {
            return makeError(ErrorKind::Usage, command + ": unexpected argument '" + arg + "'");
        }
    }
    if (parsed.name.empty())
        return makeError(ErrorKind::Usage, command + " needs a lock NAME");
    if (command == "extend" && parsed.ttlMs == 0)
        return makeError(ErrorKind::Usage, "extend needs --ttl MS");
    return parsed;
}

std::string describeHolders(const LockSnapshot& lock)
{
    HoldersText text;
    text.nobody = "nobody";
    return text.of(lock.holders);
}

std::string describeLock(const LockSnapshot& lock)
{
    return escapeBytes(lock.shownName(), 80) + " (" + std::string(lockKindName(lock.kind)) + ", "
        + std::string(lockLibraryName(lock.library)) + ") on " + lock.node + ", held by "
        + describeHolders(lock) + (lock.ttlMs ? ", TTL " + std::to_string(*lock.ttlMs) + " ms" : ", no TTL")
        + (lock.stuck ? ", stuck: " + lock.stuckReason.get().english() : "");
}

// The shared part: arguments, read-only refusal, connection, lookup. Returns the found lock or
// an exit code.
struct Prepared
{
    AdminArguments arguments;
    std::optional<MasterConnections> masters;
    std::optional<FoundLock> found;
    int exitCode = -1; // >= 0: stop with this code
};

Prepared prepare(const std::string& command, const CliOptions& options, AuditLog& audit, std::ostream& err)
{
    Prepared prepared;
    auto arguments = parseArguments(command, options.arguments);
    if (!arguments) {
        err << "lockscope-cli: " << arguments.error().message << "\n";
        prepared.exitCode = ExitUsage;
        return prepared;
    }
    prepared.arguments = *arguments;
    if (options.connection.readOnly) {
        // Refused before connecting: nothing at all reaches the server.
        err << "lockscope-cli: " << command << " refused: the connection is read-only\n";
        AuditEntry entry {0, options.connection.describe(), "", arguments->name, command, std::nullopt,
            std::nullopt, "refused: read-only"};
        if (auto logged = audit.append(entry); !logged)
            err << "lockscope-cli: warning: " << logged.error().message << "\n";
        prepared.exitCode = ExitNoPermission;
        return prepared;
    }
    ConnectionOptions connectionOptions = options.connection;
    connectionOptions.clientRole = "cli";
    auto masters = MasterConnections::open(connectionOptions);
    if (!masters) {
        err << "lockscope-cli: " << options.connection.describe() << ": " << masters.error().toString()
            << "\n";
        prepared.exitCode = exitCodeFor(masters.error().kind);
        return prepared;
    }
    prepared.masters = std::move(*masters);
    auto found = NamedLockLookup::find(prepared.masters->targets(), arguments->name, arguments->lockPatterns);
    if (!found) {
        err << "lockscope-cli: " << found.error().toString() << "\n";
        prepared.exitCode = exitCodeFor(found.error().kind);
        return prepared;
    }
    if (found->empty()) {
        err << "lockscope-cli: no lock named " << escapeBytes(arguments->name, 80) << ": nothing to "
            << command << "\n";
        prepared.exitCode = ExitNotDone;
        return prepared;
    }
    if (found->size() > 1) {
        err << "lockscope-cli: " << found->size() << " locks are named " << escapeBytes(arguments->name, 80)
            << "; refusing to guess:\n";
        for (const auto& candidate : *found) {
            err << "  " << describeLock(candidate.lock) << "; key";
            for (const auto& key : candidate.lock.keys)
                err << " " << escapeBytes(key, 120);
            err << "\n";
        }
        prepared.exitCode = ExitUsage;
        return prepared;
    }
    prepared.found = std::move(found->front());
    return prepared;
}

std::optional<LockSnapshot> reread(const FoundLock& found, const std::string& name)
{
    auto again = NamedLockLookup::find({found.target}, name);
    if (!again || again->empty())
        return std::nullopt;
    return again->front().lock;
}

int finish(const std::string& command, const CliOptions& options, AuditLog& audit, const FoundLock& found,
    const std::string& name, const Result<AdminResult>& result, std::ostream& out, std::ostream& err)
{
    AuditEntry entry {
        0, options.connection.describe(), found.target.node, name, command, found.lock, std::nullopt, ""};
    entry.after = reread(found, name);
    entry.result = result ? std::string(adminOutcomeName(result->outcome)) + ": " + result->message.english()
                          : "error: " + result.error().toString();
    if (auto logged = audit.append(entry); !logged)
        err << "lockscope-cli: warning: " << logged.error().message << "\n";
    if (!result) {
        err << "lockscope-cli: " << result.error().toString() << "\n";
        return exitCodeFor(result.error().kind);
    }
    (result->outcome == AdminOutcome::Done ? out : err)
        << escapeBytes(name, 80) << ": " << result->message.english() << "\n";
    return result->outcome == AdminOutcome::Done ? ExitOk : ExitNotDone;
}

} // namespace

int AdminCommand::release(const CliOptions& options, const std::map<std::string, std::string>& environment,
    std::istream& in, std::ostream& out, std::ostream& err)
{
    AuditLog audit(AuditLog::defaultPath(environment));
    auto prepared = prepare("release", options, audit, err);
    if (prepared.exitCode >= 0)
        return prepared.exitCode;
    const FoundLock& found = *prepared.found;
    const auto& arguments = prepared.arguments;
    if (!found.lock.holders.empty() && !found.lock.stuck && !arguments.force) {
        err << "lockscope-cli: " << describeLock(found.lock)
            << "\nlockscope-cli: it has a live holder; --force releases a lock held by someone else\n";
        return ExitUsage;
    }
    if (!found.lock.releaseWarning.empty())
        err << "lockscope-cli: careful: " << found.lock.releaseWarning.get().english() << "\n";
    if (!arguments.yes) {
        out << "release " << describeLock(found.lock) << "? [y/N] " << std::flush;
        std::string answer;
        std::getline(in, answer);
        if (answer != "y" && answer != "Y" && answer != "yes") {
            err << "lockscope-cli: not released\n";
            return ExitNotDone;
        }
    }
    RedisConnection* connection = found.target.connection;
    auto result = ForceRelease::release(*connection, found.lock);
    return finish("release", options, audit, found, arguments.name, result, out, err);
}

int AdminCommand::extend(const CliOptions& options, const std::map<std::string, std::string>& environment,
    std::ostream& out, std::ostream& err)
{
    AuditLog audit(AuditLog::defaultPath(environment));
    auto prepared = prepare("extend", options, audit, err);
    if (prepared.exitCode >= 0)
        return prepared.exitCode;
    const FoundLock& found = *prepared.found;
    auto result = ExtendLock::extend(
        *found.target.connection, found.lock, std::chrono::milliseconds(prepared.arguments.ttlMs));
    return finish("extend", options, audit, found, prepared.arguments.name, result, out, err);
}

} // namespace lockscope
