#include "cli/commands/ListCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/LockTable.h"
#include "cli/SignalCancellation.h"
#include "common/JsonWriter.h"
#include "inspect/LockInspector.h"
#include "inspect/LockSnapshotJson.h"
#include "inspect/scan/MasterConnections.h"

#include <chrono>
#include <ostream>

namespace lockscope {

namespace {

struct ListArguments
{
    std::vector<std::string> scanPatterns;
    std::vector<std::string> lockPatterns;
    bool json = false;
    bool possible = true; // list the possible locks too
};

Result<ListArguments> parseArguments(const std::vector<std::string>& args)
{
    ListArguments parsed;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--json") {
            parsed.json = true;
        } else if (arg == "--no-possible") {
            parsed.possible = false;
        } else if (arg == "--pattern" || arg == "--lock-pattern") {
            if (i + 1 >= args.size())
                return makeError(ErrorKind::Usage, arg + " needs a glob");
            (arg == "--pattern" ? parsed.scanPatterns : parsed.lockPatterns).push_back(args[++i]);
        } else {
            return makeError(ErrorKind::Usage, "list: unknown argument '" + arg + "'");
        }
    }
    return parsed;
}

} // namespace

int ListCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    auto arguments = parseArguments(options.arguments);
    if (!arguments) {
        err << "lockscope-cli: " << arguments.error().message << "\n";
        return ExitUsage;
    }
    ConnectionOptions connectionOptions = options.connection;
    connectionOptions.clientRole = "cli";
    // Two reader connections per master: the server answers one batch while we parse another.
    auto masters = MasterConnections::open(connectionOptions, 2);
    if (!masters) {
        err << "lockscope-cli: " << options.connection.describe() << ": " << masters.error().toString()
            << "\n";
        return exitCodeFor(masters.error().kind);
    }

    SignalCancellation interrupt; // Ctrl-C stops the scan between two batches
    InspectOptions inspect;
    inspect.scan.patterns = arguments->scanPatterns;
    inspect.lockPatterns = arguments->lockPatterns;
    inspect.scan.cancel = &interrupt.token();
    const auto started = std::chrono::steady_clock::now();
    auto lastReport = started;
    bool reported = false;
    inspect.scan.progress = [&](const ScanProgress& progress) {
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

    auto result = LockInspector::inspect(masters->targets(), inspect);
    if (result.cancelled) {
        err << "lockscope-cli: interrupted\n";
        return 130;
    }
    for (const auto& failure : result.failures)
        err << "lockscope-cli: " << failure.node << ": " << failure.error.toString() << "\n";
    if (!arguments->possible)
        std::erase_if(result.locks, [](const LockSnapshot& lock) { return lock.possible; });

    if (arguments->json) {
        out << "[";
        for (size_t i = 0; i < result.locks.size(); ++i)
            out << (i == 0 ? "\n" : ",\n") << LockSnapshotJson::toString(result.locks[i]);
        out << (result.locks.empty() ? "]\n" : "\n]\n");
    } else {
        LockTable::print(result.locks, out);
    }
    return result.failures.empty() ? ExitOk : exitCodeFor(result.failures.front().error.kind);
}

} // namespace lockscope
