#include "cli/commands/WatchCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/SignalCancellation.h"
#include "cli/Terminal.h"
#include "cli/WatchFlags.h"
#include "cli/WatchPrinter.h"
#include "fleet/FleetWatcher.h"

#include <chrono>
#include <csignal>
#include <iostream>
#include <ostream>
#include <thread>

#include <unistd.h>

namespace lockscope {

int WatchCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    const WatchArguments* arguments = &options.arguments.watch;
    SignalCancellation interrupt;
    WatchPrinter printer(out, err, options.manyServers(), arguments->json, arguments->maxEvents,
        [&interrupt] { interrupt.cancel(); });
    FleetWatchOptions watchOptions;
    watchOptions.server.watch = WatchFlags::options(arguments->watching);
    FleetWatcher watcher(options.fleet.members(), watchOptions, printer);
    watcher.start();
    // `watch | head -1`: when the reader has gone, end at once, not at the next change.
    const bool ownStdout = &out == &std::cout;
    bool readerGone = false;
    while (!interrupt.token().isCancelled() && !watcher.allGaveUp()) {
        if (ownStdout && Terminal::readerGone(STDOUT_FILENO)) {
            readerGone = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    watcher.stop();
    if (readerGone)
        return ExitSignalBase + SIGPIPE;
    if (printer.outputErrno())
        return Terminal::outputFailed(printer.outputErrno(), err);
    if (watcher.allGaveUp())
        return exitCodeFor(printer.lastSettingsError());
    return ExitOk;
}

} // namespace lockscope
