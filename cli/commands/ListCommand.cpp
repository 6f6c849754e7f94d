#include "cli/commands/ListCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/LockTable.h"
#include "cli/SignalCancellation.h"
#include "common/JsonWriter.h"
#include "fleet/FleetListing.h"
#include "inspect/LockInspector.h"
#include "inspect/LockSnapshotJson.h"

#include <chrono>
#include <csignal>
#include <mutex>
#include <optional>
#include <ostream>

namespace lockscope {

int ListCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    const ListArguments* arguments = &options.arguments.list;
    SignalCancellation interrupt; // Ctrl-C stops the scan between two batches
    InspectOptions inspect;
    inspect.scan.patterns = arguments->patterns.scanPatterns;
    inspect.lockPatterns = arguments->patterns.lockPatterns;
    inspect.scan.cancel = &interrupt.token();
    const auto started = std::chrono::steady_clock::now();
    auto lastReport = started;
    bool reported = false;
    std::mutex progressMutex; // each server is scanned on a thread of its own
    // Progress only for someone watching stderr (not a log file, not with --quiet).
    const bool showProgress = options.terminal.errors && !options.terminal.quiet;
    inspect.scan.progress = [&](const ScanProgress& progress) {
        if (!showProgress)
            return;
        std::lock_guard guard(progressMutex);
        const auto now = std::chrono::steady_clock::now();
        if (now - started < std::chrono::seconds(1)
            || (now - lastReport < std::chrono::seconds(1) && !progress.finished))
            return;
        if (progress.finished && !reported)
            return;
        lastReport = now;
        reported = true;
        err << "lockscope-cli: scanning " << progress.node << ": " << progress.keysSeen;
        if (progress.totalKeys >= 0)
            err << "/" << progress.totalKeys;
        err << " keys" << (progress.finished ? ", done" : "") << "\n";
    };

    // Two reader connections per master: the server answers one batch while we parse another.
    auto listings = FleetListing::list(options.fleet.members(), inspect, 2);
    const bool many = options.manyServers();
    std::vector<LockSnapshot> locks;
    std::vector<std::string> servers;
    std::optional<ErrorKind> firstFailure;
    size_t unreachable = 0;
    for (auto& listing : listings) {
        const std::string prefix = many ? listing.member->name + ": " : std::string();
        if (listing.unreachable) {
            ++unreachable;
            firstFailure = firstFailure.value_or(listing.unreachable->kind);
            err << "lockscope-cli: " << prefix << listing.member->connection.describe() << ": "
                << listing.unreachable->toString() << "\n";
            continue;
        }
        if (listing.result.cancelled) {
            err << "lockscope-cli: interrupted\n";
            return ExitSignalBase + (interrupt.receivedSignal() ? interrupt.receivedSignal() : SIGINT);
        }
        for (const auto& failure : listing.result.failures) {
            firstFailure = firstFailure.value_or(failure.error.kind);
            err << "lockscope-cli: " << prefix << failure.node << ": " << failure.error.toString() << "\n";
        }
        for (auto& lock : listing.result.locks) {
            if (!arguments->possible && lock.possible)
                continue;
            locks.push_back(std::move(lock));
            servers.push_back(listing.member->name);
        }
    }

    if (arguments->json) {
        out << "[";
        for (size_t i = 0; i < locks.size(); ++i)
            out << (i == 0 ? "\n" : ",\n") << LockSnapshotJson::toString(locks[i], servers[i]);
        out << (locks.empty() ? "]\n" : "\n]\n");
    } else {
        LockTable::print(locks, out, many ? servers : std::vector<std::string> {}, options.terminal.colour);
    }
    if (!firstFailure)
        return ExitOk;
    if (!many)
        return exitCodeFor(*firstFailure);
    return unreachable == listings.size() ? ExitUnavailable : ExitSomeUnavailable;
}

} // namespace lockscope
