#include "cli/WatchCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/SignalCancellation.h"
#include "common/JsonWriter.h"
#include "inspect/LockSnapshotJson.h"
#include "inspect/LockWatcher.h"
#include "inspect/MasterConnections.h"
#include "redis/RedisReply.h"

#include <charconv>
#include <ostream>

namespace lockscope {

namespace {

struct WatchArguments
{
    WatchOptions watch;
    bool json = false;
    long long maxEvents = 0; // 0: until interrupted
};

Result<long long> positive(const std::string& option, const std::string& text)
{
    long long value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value <= 0)
        return makeError(ErrorKind::Usage, option + " expects a positive number, got '" + text + "'");
    return value;
}

Result<WatchArguments> parseArguments(const std::vector<std::string>& args)
{
    WatchArguments parsed;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--json") {
            parsed.json = true;
        } else if (arg == "--polling") {
            parsed.watch.forcePolling = true;
        } else if (arg == "--enable-notifications") {
            parsed.watch.enableNotifications = true;
        } else if (arg == "--pattern" || arg == "--lock-pattern" || arg == "--poll"
            || arg == "--max-events") {
            if (i + 1 >= args.size())
                return makeError(ErrorKind::Usage, arg + " needs a value");
            const std::string& value = args[++i];
            if (arg == "--pattern") {
                parsed.watch.inspect.scan.patterns.push_back(value);
            } else if (arg == "--lock-pattern") {
                parsed.watch.inspect.lockPatterns.push_back(value);
            } else {
                auto number = positive(arg, value);
                if (!number)
                    return number.error();
                if (arg == "--poll")
                    parsed.watch.pollInterval = std::chrono::milliseconds(*number);
                else
                    parsed.maxEvents = *number;
            }
        } else {
            return makeError(ErrorKind::Usage, "watch: unknown argument '" + arg + "'");
        }
    }
    return parsed;
}

std::string eventLine(const LockEvent& event)
{
    const LockSnapshot& lock = event.lock;
    std::string line = std::string(LockEvent::typeName(event.type)) + " " + escapeBytes(lock.name, 80) + " ("
        + std::string(lockKindName(lock.kind)) + ", " + std::string(lockLibraryName(lock.library)) + ") on "
        + lock.node;
    if (event.type == LockEvent::Type::Appeared || event.type == LockEvent::Type::Changed) {
        line += " holders:";
        if (lock.holders.empty())
            line += " none";
        for (const auto& holder : lock.holders)
            line += " " + escapeBytes(holder.owner, 60)
                + (holder.count != 1 ? " x" + std::to_string(holder.count) : "");
        line += lock.ttlMs ? " ttl " + std::to_string(*lock.ttlMs) + " ms" : " no ttl";
        if (lock.waiterCount > 0)
            line += " waiters " + std::to_string(lock.waiterCount);
    }
    return line;
}

} // namespace

int WatchCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    auto arguments = parseArguments(options.arguments);
    if (!arguments) {
        err << "lockscope-cli: " << arguments.error().message << "\n";
        return ExitUsage;
    }
    ConnectionOptions connectionOptions = options.connection;
    connectionOptions.clientRole = "monitor";
    // One extra connection per master carries the keyspace subscription.
    auto masters = MasterConnections::open(connectionOptions, 1);
    if (!masters) {
        err << "lockscope-cli: " << options.connection.describe() << ": " << masters.error().toString()
            << "\n";
        return exitCodeFor(masters.error().kind);
    }
    std::vector<WatchTarget> targets;
    for (const auto& target : masters->targets())
        targets.push_back(
            {target.node, target.connection, target.readers.empty() ? nullptr : target.readers[0]});
    LockWatcher watcher(targets, arguments->watch);
    auto started = watcher.start();
    if (!started) {
        err << "lockscope-cli: " << started.error().toString() << "\n";
        return exitCodeFor(started.error().kind);
    }
    err << "lockscope-cli: " << started->english() << "; " << watcher.locks().size() << " lock(s) now\n"
        << std::flush;

    SignalCancellation interrupt;
    long long events = 0;
    auto ran = watcher.run(interrupt.token(), [&](const LockEvent& event) {
        if (arguments->json) {
            JsonWriter json;
            json.beginObject().key("event").string(LockEvent::typeName(event.type));
            json.key("at_ms").number(event.atMs).key("lock");
            LockSnapshotJson::write(json, event.lock);
            json.endObject();
            out << json.text() << "\n" << std::flush;
        } else {
            out << eventLine(event) << "\n" << std::flush;
        }
        if (arguments->maxEvents > 0 && ++events >= arguments->maxEvents)
            interrupt.cancel();
    });
    if (!ran) {
        err << "lockscope-cli: " << ran.error().toString() << "\n";
        return exitCodeFor(ran.error().kind);
    }
    return ExitOk;
}

} // namespace lockscope
