#include "cli/commands/WatchCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/SignalCancellation.h"
#include "cli/WatchFlags.h"
#include "cli/WatchPrinter.h"
#include "fleet/FleetWatcher.h"

#include <chrono>
#include <ostream>
#include <thread>

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

} // namespace

int WatchCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    auto arguments = parseArguments(options.arguments);
    if (!arguments) {
        err << "lockscope-cli: " << arguments.error().message << "\n";
        return ExitUsage;
    }
    SignalCancellation interrupt;
    WatchPrinter printer(out, err, options.manyServers(), arguments->json, arguments->maxEvents,
        [&interrupt] { interrupt.cancel(); });
    FleetWatchOptions watchOptions;
    watchOptions.server.watch = arguments->watch;
    FleetWatcher watcher(options.fleet.members(), watchOptions, printer);
    watcher.start();
    while (!interrupt.token().isCancelled() && !watcher.allGaveUp())
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    watcher.stop();
    if (watcher.allGaveUp())
        return exitCodeFor(printer.lastSettingsError());
    return ExitOk;
}

} // namespace lockscope
