#include "cli/commands/RecordCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/HistoryFile.h"
#include "cli/MetricsServer.h"
#include "cli/SignalCancellation.h"
#include "cli/WatchFlags.h"
#include "common/EscapeBytes.h"
#include "history/HistoryRecordingSink.h"
#include "history/LockHealthMetrics.h"
#include "inspect/scan/MasterConnections.h"
#include "inspect/watch/LockWatcher.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <ostream>
#include <thread>

namespace lockscope {

namespace {

constexpr std::chrono::milliseconds firstBackoff {500};
constexpr std::chrono::milliseconds longestBackoff {30000};

struct RecordArguments
{
    WatchOptions watch;
    std::string db;
    std::string profile;
    std::string metrics;
    HistoryOptions history;
    AlertRules alerts;
};

long long nowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch())
        .count();
}

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
        if (arg != "--db" && arg != "--profile" && arg != "--metrics" && arg != "--retention-days"
            && arg != "--max-size-mb" && arg != "--alert-held" && arg != "--alert-waiters")
            return makeError(ErrorKind::Usage, "record: unknown argument '" + arg + "'");
        auto value = WatchFlags::valueOf(args, i);
        if (!value)
            return value.error();
        if (arg == "--db" || arg == "--profile" || arg == "--metrics") {
            (arg == "--db" ? parsed.db : arg == "--profile" ? parsed.profile : parsed.metrics) = *value;
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

// Serialises the lines the recorder's threads write to stderr.
class ErrorLines
{
public:
    explicit ErrorLines(std::ostream& err)
        : m_err(err)
    {
    }
    void say(const std::string& line)
    {
        std::lock_guard guard(m_mutex);
        m_err << "lockscope-cli: " << line << "\n" << std::flush;
    }

private:
    std::mutex m_mutex;
    std::ostream& m_err;
};

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
    LockHealthMetrics metrics;
    std::unique_ptr<MetricsServer> metricsServer;
    if (!arguments->metrics.empty()) {
        auto started = MetricsServer::start(arguments->metrics, [&metrics] { return metrics.exposition(); });
        if (!started) {
            err << "lockscope-cli: " << started.error().message << "\n";
            return exitCodeFor(started.error().kind);
        }
        metricsServer = std::move(*started);
        err << "lockscope-cli: serving metrics on " << metricsServer->url() << "\n" << std::flush;
    }

    const std::string path
        = HistoryFile::choose(arguments->db, arguments->profile, options.connection, environment);
    ErrorLines lines(err);
    // An alert is said on stderr, counted in the metrics and, while recording, kept in the history.
    HistoryRecordingSink history(
        path, arguments->history, arguments->alerts,
        [&](const RedisError& error) { lines.say(error.message + "; going on without history"); },
        [&](const LockAlert& alert) {
            metrics.alertRaised(alert.rule);
            lines.say("alert: " + escapeBytes(alert.lock, 200) + " (" + alert.node + "): " + alert.detail());
        });
    if (auto opened = history.open(nowMs()))
        lines.say("recording to " + path);
    else
        lines.say(opened.error().message + "; watching without history");
    metrics.setRecording(history.isRecording());

    SignalCancellation interrupt;
    std::thread flusher([&] {
        while (!interrupt.token().isCancelled()) {
            history.flushIfDue(nowMs());
            metrics.setRecording(history.isRecording());
            pause(std::chrono::milliseconds(200), interrupt.token());
        }
    });

    ConnectionOptions connectionOptions = options.connection;
    connectionOptions.clientRole = "monitor";
    std::chrono::milliseconds backoff = firstBackoff;
    std::string lastProblem;
    auto lost = [&](const RedisError& error) {
        const long long at = nowMs();
        metrics.connectionLost();
        history.watchingStopped(at, error.toString());
        if (error.toString() != lastProblem)
            lines.say(error.toString() + "; trying again with backoff");
        lastProblem = error.toString();
        pause(backoff, interrupt.token());
        backoff = std::min(backoff * 2, longestBackoff);
    };
    while (!interrupt.token().isCancelled()) {
        auto masters = MasterConnections::open(connectionOptions, 1);
        if (!masters) {
            lost(masters.error());
            continue;
        }
        LockWatcher watcher(WatchFlags::targetsOf(*masters), arguments->watch);
        watcher.setGapHandler([&](long long fromMs, long long untilMs, const std::string& reason) {
            history.watchingGap(fromMs, untilMs, reason);
            lines.say(reason + " (" + std::to_string(untilMs - fromMs) + " ms not heard)");
        });
        auto started = watcher.start();
        if (!started) {
            lost(started.error());
            continue;
        }
        const long long at = nowMs();
        const auto locks = watcher.locks();
        metrics.resync(locks, at, watcher.usesNotifications());
        history.watchingStarted(locks, at, watcher.mode());
        lines.say(started->english() + "; " + std::to_string(locks.size()) + " lock(s) now");
        backoff = firstBackoff;
        lastProblem.clear();
        auto ran = watcher.run(interrupt.token(), [&](const LockEvent& event) {
            metrics.observe(event, nowMs());
            if (!history.isRecording())
                metrics.eventDropped();
            history.lockChanged(event);
        });
        if (!ran)
            lost(ran.error());
    }
    flusher.join();
    history.close(nowMs());
    (void)out;
    return ExitOk;
}

} // namespace lockscope
