#include "cli/commands/WatchCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/SignalCancellation.h"
#include "cli/WatchFlags.h"
#include "common/EscapeBytes.h"
#include "common/JsonWriter.h"
#include "inspect/LockSnapshotJson.h"
#include "inspect/scan/MasterConnections.h"
#include "inspect/watch/LockWatcher.h"

#include <ostream>

namespace lockscope {

namespace {

struct WatchArguments
{
    WatchOptions watch;
    bool json = false;
    long long maxEvents = 0; // 0: until interrupted
};

Result<WatchArguments> parseArguments(const std::vector<std::string>& args)
{
    WatchArguments parsed;
    auto checked = WatchFlags::parse(args, parsed.watch, [&parsed](const auto& args, size_t& i) -> Status {
        if (args[i] == "--json") {
            parsed.json = true;
            return Done {};
        }
        if (args[i] != "--max-events")
            return makeError(ErrorKind::Usage, "watch: unknown argument '" + args[i] + "'");
        auto value = WatchFlags::valueOf(args, i);
        if (!value)
            return value.error();
        auto number = WatchFlags::positive("--max-events", *value);
        if (!number)
            return number.error();
        parsed.maxEvents = *number;
        return Done {};
    });
    if (!checked)
        return checked.error();
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
    LockWatcher watcher(WatchFlags::targetsOf(*masters), arguments->watch);
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
