#include "cli/commands/RecordCommand.h"

#include "cli/CliOptions.h"
#include "cli/CommandLine.h"
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
    const RecordArguments& given = options.arguments.record;
    HistoryOptions history;
    // A service's batches are committed a quarter of a second after their first event (not the
    // library's second): a team reading the shared history sees a change within a second of it,
    // 20 servers' recorders cost PostgreSQL 80 small transactions a second, and a killed
    // recorder loses less.
    history.flushInterval = std::chrono::milliseconds(250);
    if (given.retentionDays > 0)
        history.maxAge = std::chrono::hours(24 * given.retentionDays);
    if (given.maxSizeMb > 0)
        history.maxBytes = given.maxSizeMb * 1024 * 1024;
    if (given.auditRetentionDays > 0)
        history.auditMaxAge = std::chrono::hours(24 * given.auditRetentionDays);
    AlertRules alerts;
    if (given.alertHeldSeconds > 0)
        alerts.heldLongerThanMs = given.alertHeldSeconds * 1000;
    if (given.alertWaiters > 0)
        alerts.waitersAbove = given.alertWaiters;
    alerts.stuck = !given.noAlertStuck;
    alerts.forceRelease = !given.noAlertForceRelease;
    const auto& members = options.fleet.members();
    const bool many = options.manyServers();
    if (many && !given.file.profile.empty())
        return CommandLine::usageError(err, "record",
            "--profile names one server's history file; a fleet records into --db, or each server to a file "
            "named after it");
    // One --db takes the whole fleet (each row names its server); without it each server records
    // to a file named after it.
    std::vector<std::string> paths;
    for (const auto& member : members)
        paths.push_back(many && given.file.db.empty()
                ? HistoryFile::choose({}, member.name, member.connection, environment)
                : HistoryFile::choose(given.file.db, given.file.profile, options.connection, environment));

    // The password of a shared (PostgreSQL) history; each server's rows name it (FleetRecorder).
    auto shared = HistoryFile::sharedDatabase(many ? given.file.db
            : paths.empty()                        ? std::string()
                                                   : paths.front(),
        given.file.passwordEnv, options.connection, environment);
    if (!shared) {
        err << "lockscope-cli: " << shared.error().message << "\n";
        return exitCodeFor(shared.error().kind);
    }
    history.password = shared->password;

    std::mutex errMutex; // every server's thread says things
    auto say = [&](const std::string& line) {
        std::lock_guard guard(errMutex);
        err << "lockscope-cli: " << line << "\n" << std::flush;
    };
    FleetRecorder recorder(members, paths, history, alerts, many, say);
    std::unique_ptr<MetricsServer> metricsServer;
    if (!given.metrics.empty()) {
        auto started = MetricsServer::start(given.metrics, [&recorder] { return recorder.exposition(); });
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
    // A flusher per server: one server's slow write (a flood's batch, its database away) never
    // holds up another's.
    std::vector<std::thread> flushers;
    for (size_t server = 0; server < recorder.size(); ++server)
        flushers.emplace_back([&, server] {
            while (!interrupt.token().isCancelled()) {
                recorder.flushIfDue(server, epochMillisNow());
                pause(std::chrono::milliseconds(50), interrupt.token());
            }
        });
    FleetWatchOptions watchOptions;
    watchOptions.server.watch = WatchFlags::options(given.watching);
    // The history resynchronises from each new listing; the changes while away are its gap.
    watchOptions.reportChangesWhileAway = false;
    {
        FleetWatcher watcher(members, watchOptions, recorder);
        watcher.start();
        while (!interrupt.token().isCancelled())
            pause(std::chrono::milliseconds(200), interrupt.token());
        watcher.stop();
    }
    for (auto& flusher : flushers)
        flusher.join();
    recorder.close(epochMillisNow());
    (void)out;
    return ExitOk;
}

} // namespace lockscope
