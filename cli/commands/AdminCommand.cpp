#include "cli/commands/AdminCommand.h"

#include "cli/CliOptions.h"
#include "cli/CommandLine.h"
#include "cli/ExitCode.h"
#include "cli/HistoryFile.h"
#include "cli/commands/AdminAudit.h"
#include "common/DisplayText.h"
#include "common/JsonWriter.h"
#include "inspect/HoldersText.h"
#include "inspect/LockSnapshotJson.h"
#include "inspect/NamedLockLookup.h"
#include "inspect/admin/AuditLog.h"
#include "inspect/admin/ExtendLock.h"
#include "inspect/admin/ForceRelease.h"
#include "inspect/scan/MasterConnections.h"

#include <istream>
#include <ostream>

namespace lockscope {

namespace {

std::string describeHolders(const LockSnapshot& lock)
{
    HoldersText text;
    text.nobody = "nobody";
    return text.of(lock.holders);
}

std::string describeLock(const LockSnapshot& lock)
{
    return DisplayText::escaped(lock.shownName(), 80) + " (" + std::string(lockKindName(lock.kind)) + ", "
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

Prepared prepare(const std::string& command, const CliOptions& options, AdminAudit& audit, std::ostream& err)
{
    Prepared prepared;
    const AdminArguments* arguments
        = command == "release" ? &options.arguments.release : &options.arguments.extend;
    prepared.arguments = *arguments;
    if (options.connection.readOnly) {
        // Refused before connecting: nothing at all reaches the server.
        err << "lockscope-cli: " << command << " refused: the connection is read-only\n";
        AuditEntry entry;
        entry.connection = options.connection.describe();
        entry.lock = arguments->name;
        entry.action = command;
        entry.result = "refused: read-only";
        audit.write(entry, err);
        prepared.exitCode = ExitNoPermission;
        return prepared;
    }
    // A production profile's actions say why (the team's history keeps it).
    if (!options.fleet.empty() && options.fleet.members().front().production && arguments->reason.empty()) {
        prepared.exitCode = CommandLine::usageError(err, command,
            "profile " + options.fleet.members().front().profile
                + " is marked production: say why with --reason (e.g. an incident number)");
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
    auto found = NamedLockLookup::find(
        prepared.masters->targets(), arguments->name, arguments->patterns.lockPatterns);
    if (!found) {
        err << "lockscope-cli: " << found.error().toString() << "\n";
        prepared.exitCode = exitCodeFor(found.error().kind);
        return prepared;
    }
    if (found->empty()) {
        err << "lockscope-cli: no lock named " << DisplayText::escaped(arguments->name, 80) << ": nothing to "
            << command << "\n";
        prepared.exitCode = ExitNotDone;
        return prepared;
    }
    if (found->size() > 1) {
        err << "lockscope-cli: " << found->size() << " locks are named "
            << DisplayText::escaped(arguments->name, 80) << "; refusing to guess:\n";
        for (const auto& candidate : *found) {
            err << "  " << describeLock(candidate.lock) << "; key";
            for (const auto& key : candidate.lock.keys)
                err << " " << DisplayText::escaped(key, 120);
            err << "\n";
        }
        prepared.exitCode = ExitUsage;
        return prepared;
    }
    prepared.found = std::move(found->front());
    return prepared;
}

// Where the action is audited: the local log, and the history of --db (else the profile's),
// its password from --db-password-env (else libpq's own sources).
Result<AdminAudit> openAudit(const AdminArguments& arguments, const CliOptions& options,
    const std::map<std::string, std::string>& environment)
{
    AdminAudit audit(options, environment, arguments.db, {}, arguments.reason);
    auto shared = HistoryFile::sharedDatabase(
        audit.location(), arguments.passwordEnv, options.connection, environment);
    if (!shared)
        return shared.error();
    return AdminAudit(options, environment, arguments.db, shared->password, arguments.reason);
}

std::optional<LockSnapshot> reread(const FoundLock& found, const std::string& name)
{
    auto again = NamedLockLookup::find({found.target}, name);
    if (!again || again->empty())
        return std::nullopt;
    return again->front().lock;
}

int finish(const std::string& command, const CliOptions& options, AdminAudit& audit, const FoundLock& found,
    const std::string& name, const Result<AdminResult>& result, std::ostream& out, std::ostream& err)
{
    AuditEntry entry;
    entry.connection = options.connection.describe();
    entry.node = found.target.node;
    entry.lock = name;
    entry.action = command;
    entry.before = found.lock;
    entry.after = reread(found, name);
    entry.result = result ? std::string(adminOutcomeName(result->outcome)) + ": " + result->message.english()
                          : "error: " + result.error().toString();
    audit.write(entry, err);
    if (!result) {
        err << "lockscope-cli: " << result.error().toString() << "\n";
        return exitCodeFor(result.error().kind);
    }
    const bool json = command == "release" ? options.arguments.release.json : options.arguments.extend.json;
    if (json) {
        JsonWriter writer;
        writer.beginObject().key("command").string(command).bytesField("name", name);
        writer.key("outcome").string(adminOutcomeName(result->outcome));
        writer.key("message").string(result->message.english()).key("notified").number(result->notified);
        writer.key("before");
        LockSnapshotJson::write(writer, found.lock);
        writer.key("after");
        if (entry.after)
            LockSnapshotJson::write(writer, *entry.after);
        else
            writer.null();
        out << writer.endObject().text() << "\n";
    } else {
        (result->outcome == AdminOutcome::Done ? out : err)
            << DisplayText::escaped(name, 80) << ": " << result->message.english() << "\n";
    }
    return result->outcome == AdminOutcome::Done ? ExitOk : ExitNotDone;
}

} // namespace

int AdminCommand::release(const CliOptions& options, const std::map<std::string, std::string>& environment,
    std::istream& in, std::ostream& out, std::ostream& err)
{
    auto opened = openAudit(options.arguments.release, options, environment);
    if (!opened) {
        err << "lockscope-cli: " << opened.error().message << "\n";
        return exitCodeFor(opened.error().kind);
    }
    AdminAudit& audit = *opened;
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
    if (!arguments.yes && !options.terminal.input)
        return CommandLine::usageError(
            err, "release", "would ask before releasing, and no terminal is there to answer: pass --yes");
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
    auto opened = openAudit(options.arguments.extend, options, environment);
    if (!opened) {
        err << "lockscope-cli: " << opened.error().message << "\n";
        return exitCodeFor(opened.error().kind);
    }
    AdminAudit& audit = *opened;
    auto prepared = prepare("extend", options, audit, err);
    if (prepared.exitCode >= 0)
        return prepared.exitCode;
    const FoundLock& found = *prepared.found;
    auto result = ExtendLock::extend(
        *found.target.connection, found.lock, std::chrono::milliseconds(prepared.arguments.ttlMs));
    return finish("extend", options, audit, found, prepared.arguments.name, result, out, err);
}

} // namespace lockscope
