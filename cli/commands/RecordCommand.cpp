#include "cli/commands/RecordCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/FleetRecorder.h"
#include "cli/HistoryFile.h"
#include "cli/MetricsServer.h"
#include "cli/SignalCancellation.h"
#include "cli/WatchFlags.h"
#include "common/WallClock.h"
#include "fleet/FleetWatcher.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <ostream>
#include <thread>

namespace lockscope {

namespace {

struct RecordArguments
{
    WatchOptions watch;
    std::string db;
    std::string passwordEnv;
    std::string profile;
    std::string metrics;
    HistoryOptions history;
    AlertRules alerts;
};

Result<RecordArguments> parseArguments(const std::vector<std::string>& args)
{
    RecordArguments parsed;
    auto checked = WatchFlags::parse(args, parsed.watch, [&parsed](const auto& args, size_t& i) -> Status {
        const std::string arg = args[i];
        // The alert rules that are on by default have a flag to turn them off.
        if (arg == "--no-alert-stuck" || arg == "--no-alert-force-release") {
            (arg == "--no-alert-stuck" ? parsed.alerts.stuck : parsed.alerts.forceRelease) = false;
            return Done {};
        }
        if (arg != "--db" && arg != "--db-password-env" && arg != "--profile" && arg != "--metrics"
            && arg != "--retention-days" && arg != "--max-size-mb" && arg != "--alert-held"
            && arg != "--alert-waiters")
            return makeError(ErrorKind::Usage, "record: unknown argument '" + arg + "'");
        auto value = WatchFlags::valueOf(args, i);
        if (!value)
            return value.error();
        if (arg == "--db" || arg == "--profile" || arg == "--metrics") {
            (arg == "--db" ? parsed.db : arg == "--profile" ? parsed.profile : parsed.metrics) = *value;
            return Done {};
        }
        if (arg == "--db-password-env") {
            parsed.passwordEnv = *value;
            return Done {};
        }
        auto number = WatchFlags::positive(arg, *value);
        if (!number)
            return number.error();
        if (arg == "--retention-days")
            parsed.history.maxAge = std::chrono::hours(24 * *number);
        else if (arg == "--max-size-mb")
            parsed.history.maxBytes = *number * 1024 * 1024;
        else if (arg == "--alert-held")
            parsed.alerts.heldLongerThanMs = *number * 1000;
        else
            parsed.alerts.waitersAbove = *number;
        return Done {};
    });
    if (!checked)
        return checked.error();
    return parsed;
}

// Sleeps `duration` unless cancelled first.
void pause(std::chrono::milliseconds duration, const CancellationToken& cancel)
{
    const auto until = std::chrono::steady_clock::now() + duration;
    while (!cancel.isCancelled() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

} // namespace

int RecordCommand::run(const CliOptions& options, const std::map<std::string, std::string>& environment,
    std::ostream& out, std::ostream& err)
{
    auto arguments = parseArguments(options.arguments);
    if (!arguments) {
        err << "lockscope-cli: " << arguments.error().message << "\n";
        return ExitUsage;
    }
    const auto& members = options.fleet.members();
    const bool many = options.manyServers();
    if (many && (!arguments->db.empty() || !arguments->profile.empty())) {
        err << "lockscope-cli: record: --db and --profile name one server's history; a fleet records each "
               "server to a database named after it\n";
        return ExitUsage;
    }
    std::vector<std::string> paths;
    for (const auto& member : members)
        paths.push_back(many
                ? HistoryFile::choose({}, member.name, member.connection, environment)
                : HistoryFile::choose(arguments->db, arguments->profile, options.connection, environment));

    // A shared (PostgreSQL) history is one server's: its password, and the server its rows name.
    auto shared = HistoryFile::sharedDatabase(many || paths.empty() ? std::string() : paths.front(),
        arguments->passwordEnv, options.connection, environment);
    if (!shared) {
        err << "lockscope-cli: " << shared.error().message << "\n";
        return exitCodeFor(shared.error().kind);
    }
    arguments->history.password = shared->password;
    arguments->history.source = shared->source;

    std::mutex errMutex; // every server's thread says things
    auto say = [&](const std::string& line) {
        std::lock_guard guard(errMutex);
        err << "lockscope-cli: " << line << "\n" << std::flush;
    };
    FleetRecorder recorder(members, paths, arguments->history, arguments->alerts, many, say);
    std::unique_ptr<MetricsServer> metricsServer;
    if (!arguments->metrics.empty()) {
        auto started
            = MetricsServer::start(arguments->metrics, [&recorder] { return recorder.exposition(); });
        if (!started) {
            err << "lockscope-cli: " << started.error().message << "\n";
            return exitCodeFor(started.error().kind);
        }
        metricsServer = std::move(*started);
        say("serving metrics on " + metricsServer->url());
    }
    if (auto opened = recorder.open(epochMillisNow()); !opened)
        return exitCodeFor(opened.error().kind);

    SignalCancellation interrupt;
    std::thread flusher([&] {
        while (!interrupt.token().isCancelled()) {
            recorder.flushIfDue(epochMillisNow());
            pause(std::chrono::milliseconds(200), interrupt.token());
        }
    });
    FleetWatchOptions watchOptions;
    watchOptions.server.watch = arguments->watch;
    // The history resynchronises from each new listing; the changes while away are its gap.
    watchOptions.reportChangesWhileAway = false;
    {
        FleetWatcher watcher(members, watchOptions, recorder);
        watcher.start();
        while (!interrupt.token().isCancelled())
            pause(std::chrono::milliseconds(200), interrupt.token());
        watcher.stop();
    }
    flusher.join();
    recorder.close(epochMillisNow());
    (void)out;
    return ExitOk;
}

} // namespace lockscope
