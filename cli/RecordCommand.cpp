#include "cli/RecordCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/HistoryFile.h"
#include "cli/MetricsServer.h"
#include "cli/SignalCancellation.h"
#include "cli/WatchFlags.h"
#include "history/HistoryRecorder.h"
#include "history/LockHealthMetrics.h"
#include "inspect/LockWatcher.h"
#include "inspect/MasterConnections.h"

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
        if (arg != "--db" && arg != "--profile" && arg != "--metrics" && arg != "--retention-days"
            && arg != "--max-size-mb")
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
        else
            parsed.history.maxBytes = *number * 1024 * 1024;
        return Done {};
    });
    if (!checked)
        return checked.error();
    return parsed;
}

// The recorder, shared by the watcher's callback and the flush timer. The first write that
// fails says why once, drops the recorder and the watch goes on without history.
class HistorySink
{
public:
    HistorySink(std::unique_ptr<HistoryRecorder> recorder, LockHealthMetrics& metrics, std::ostream& err)
        : m_recorder(std::move(recorder))
        , m_metrics(metrics)
        , m_err(err)
    {
        m_metrics.setRecording(m_recorder != nullptr);
    }

    template <typename Write>
    void write(Write&& write, bool isEvent = false)
    {
        std::lock_guard guard(m_mutex);
        if (!m_recorder) {
            if (isEvent)
                m_metrics.eventDropped();
            return;
        }
        if (auto written = write(*m_recorder); !written) {
            m_err << "lockscope-cli: " << written.error().message << "; going on without history\n"
                  << std::flush;
            if (isEvent)
                m_metrics.eventDropped();
            m_recorder.reset();
            m_metrics.setRecording(false);
        }
    }

    void say(const std::string& line)
    {
        std::lock_guard guard(m_mutex);
        m_err << "lockscope-cli: " << line << "\n" << std::flush;
    }

private:
    std::mutex m_mutex;
    std::unique_ptr<HistoryRecorder> m_recorder;
    LockHealthMetrics& m_metrics;
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
    auto recorder = HistoryRecorder::open(path, arguments->history, nowMs());
    if (recorder)
        err << "lockscope-cli: recording to " << path << "\n" << std::flush;
    else
        err << "lockscope-cli: " << recorder.error().message << "; watching without history\n" << std::flush;
    HistorySink history(recorder ? std::move(*recorder) : nullptr, metrics, err);

    SignalCancellation interrupt;
    std::thread flusher([&] {
        while (!interrupt.token().isCancelled()) {
            history.write([](HistoryRecorder& recorder) { return recorder.flushIfDue(nowMs()); });
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
        history.write([&](HistoryRecorder& recorder) { return recorder.watchingLost(at, error.toString()); });
        if (error.toString() != lastProblem)
            history.say(error.toString() + "; trying again with backoff");
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
        auto started = watcher.start();
        if (!started) {
            lost(started.error());
            continue;
        }
        const long long at = nowMs();
        const auto locks = watcher.locks();
        metrics.resync(locks, at, watcher.usesNotifications());
        history.write([&](HistoryRecorder& recorder) {
            return recorder.watchingResumed(locks, at, started->english());
        });
        history.say(started->english() + "; " + std::to_string(locks.size()) + " lock(s) now");
        backoff = firstBackoff;
        lastProblem.clear();
        auto ran = watcher.run(interrupt.token(), [&](const LockEvent& event) {
            metrics.observe(event, nowMs());
            history.write([&](HistoryRecorder& recorder) { return recorder.record(event); }, true);
        });
        if (!ran)
            lost(ran.error());
    }
    flusher.join();
    history.write([](HistoryRecorder& recorder) { return recorder.close(nowMs()); });
    (void)out;
    return ExitOk;
}

} // namespace lockscope
