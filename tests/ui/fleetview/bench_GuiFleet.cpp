// Benchmark, not a test: one GUI watching a fleet, offscreen. SERVERS redis-servers, each with
// LOCKS token locks and a writer changing CHANGES holders a second on it, all watched by one
// LockMonitorView (one table) through a LockMonitorController per server, as the main window holds
// them. Prints the longest gap between two turns of the GUI event loop (goal under 16 ms), each
// server's watcher lag p99 (from the writer's SET to the watcher's event, read from the token:
// its first 16 hex digits are the epoch ms of the write; goal under 50 ms) and the process memory
// per lock over the baseline (compare with SERVERS=1 and the same number of locks in all).
// `cmake --build DIR --target bench_gui_fleet`; arguments: [SERVERS] [LOCKS each] [SECONDS]
// [CHANGES/s each] [NICE]: the niceness of the redis-servers and the writers (default 0), which
// stand for other machines: 10 keeps them from competing with the GUI for this machine's CPUs.
#include "common/LargeBlockRelease.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "support/EventLoopGapProbe.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"
#include "ui/support/EventTimingApplication.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

using namespace lockscope;
using namespace lockscope::ui;
using namespace std::chrono_literals;

namespace {

long long residentKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toLongLong();
    return -1;
}

std::string lockName(int i)
{
    return "lock:fleet:" + std::to_string(i);
}

// A token that says when it was written: 16 hex digits of epoch ms, then 16 random ones.
std::string stampedToken(long long epochMs)
{
    char stamp[17];
    std::snprintf(stamp, sizeof stamp, "%016llx", static_cast<unsigned long long>(epochMs));
    return stamp + test::LockFormats::randomHex(16);
}

long long writtenAtMs(const std::string& token)
{
    if (token.size() != 32)
        return -1;
    return std::strtoll(token.substr(0, 16).c_str(), nullptr, 16);
}

double percentile(std::vector<double> values, double fraction)
{
    if (values.empty())
        return -1;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(fraction * double(values.size())))];
}

} // namespace

int main(int argc, char** argv)
{
    LargeBlockRelease::enable(); // as the GUI's main() does
    qputenv("QT_QPA_PLATFORM", "offscreen");
    test::EventTimingApplication app(argc, argv);
    test::GuiTestEnvironment environment;
    const int serverCount = argc > 1 ? std::atoi(argv[1]) : 20;
    const int locks = argc > 2 ? std::atoi(argv[2]) : 1000;
    const int seconds = argc > 3 ? std::atoi(argv[3]) : 20;
    const int rate = argc > 4 ? std::atoi(argv[4]) : 200;
    const int loadNice = argc > 5 ? std::atoi(argv[5]) : 0;

    std::vector<std::unique_ptr<RedisServerProcess>> servers;
    for (int s = 0; s < serverCount; ++s) {
        auto server = test::startServer();
        if (!server) {
            std::printf("cannot measure: no redis-server\n");
            return 1;
        }
        if (loadNice != 0)
            setpriority(PRIO_PROCESS, id_t(server->pid()), loadNice);
        auto writer = test::connectTo(*server);
        for (int first = 0; first < locks; first += 1000) {
            std::vector<RedisCommand> sets;
            for (int i = first; i < std::min(locks, first + 1000); ++i)
                sets.push_back({"SET", lockName(i), stampedToken(0), "PX", "3600000"});
            (void)writer->pipeline(sets);
        }
        servers.push_back(std::move(server));
    }

    LockMonitorController first;
    LockMonitorView view(first);
    std::vector<std::unique_ptr<LockMonitorController>> monitors;
    std::vector<std::vector<double>> lags(static_cast<size_t>(serverCount));
    for (int s = 0; s < serverCount; ++s) {
        LockMonitorController* monitor = &first;
        if (s > 0) {
            monitors.push_back(std::make_unique<LockMonitorController>());
            monitor = monitors.back().get();
            monitor->setServer(quint16(s));
            view.addServer(*monitor, QStringLiteral("server %1").arg(s));
        }
        QObject::connect(
            monitor, &LockMonitorController::batchReady, &view, [&lags, s](const LockUpdateBatch& batch) {
                for (const auto& change : batch.changes) {
                    if (!change.event.lock.isKnown() || !change.event.lock.hasHolders())
                        continue;
                    const long long at = writtenAtMs(change.event.lock.snapshot().holders.front().owner);
                    if (at > 0)
                        lags[size_t(s)].push_back(double(change.event.atMs - at));
                }
            });
    }
    view.resize(1280, 760);
    view.show();
    test::EventLoopGapProbe::run(300);
    const long long baselineKb = residentKb();
    std::printf(
        "GUI fleet: %d servers x %d token locks, %d changes/s on each for %d s, offscreen, servers and "
        "writers at nice %d; baseline RSS %lld KB\n",
        serverCount, locks, rate, seconds, loadNice, baselineKb);

    QElapsedTimer loading;
    loading.start();
    const int total = serverCount * locks;
    for (int s = 0; s < serverCount; ++s)
        (s == 0 ? first : *monitors[size_t(s - 1)]).open(test::optionsFor(*servers[size_t(s)]));
    const test::EventLoopGap loadGap
        = test::EventLoopGapProbe::run(600000, [&] { return view.lockModel()->rowCount() >= total; });
    const long long loadedKb = residentKb();
    std::printf(
        "  first full table: %.1f s (longest event-loop gap while loading %.0f ms); RSS %lld KB = %.0f "
        "bytes per lock over the baseline\n",
        double(loading.elapsed()) / 1000.0, loadGap.ms, loadedKb,
        double(loadedKb - baselineKb) * 1024.0 / total);
    std::printf(
        "    the GUI thread ran %.1f ms of that gap and waited %.1f ms for a CPU; %.0f ms while loading\n",
        loadGap.cpuMs, loadGap.runQueueMs, loadGap.totalCpuMs);
    test::EventLoopGapProbe::run(1000); // notifications subscribed everywhere
    (void)app.takeLongest();

    std::atomic<bool> stop {false};
    std::atomic<long long> written {0};
    std::vector<std::thread> writers;
    for (int s = 0; s < serverCount; ++s)
        writers.emplace_back([&, s] {
            if (loadNice != 0)
                setpriority(PRIO_PROCESS, id_t(gettid()), loadNice);
            auto connection = test::connectTo(*servers[size_t(s)]);
            std::mt19937 random {static_cast<unsigned>(s)};
            std::uniform_int_distribution<int> pick(0, locks - 1);
            const auto start = std::chrono::steady_clock::now();
            long long done = 0;
            while (!stop) {
                const double elapsed
                    = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                const long long due = static_cast<long long>(elapsed * rate);
                std::vector<RedisCommand> sets;
                const long long now = QDateTime::currentMSecsSinceEpoch();
                for (long long n = done; n < due; ++n)
                    sets.push_back({"SET", lockName(pick(random)), stampedToken(now), "PX", "3600000"});
                if (!sets.empty())
                    (void)connection->pipeline(sets);
                written += due - done;
                done = due;
                std::this_thread::sleep_for(2ms);
            }
        });
    for (auto& lag : lags)
        lag.clear();
    const test::EventLoopGap churnGap = test::EventLoopGapProbe::run(seconds * 1000);
    const QString longestEvent = app.takeLongest();
    stop = true;
    for (auto& writer : writers)
        writer.join();
    test::EventLoopGapProbe::run(500); // the last batches
    const long long endKb = residentKb();
    std::printf("  %lld changes in %d s: longest event-loop gap %.1f ms (goal <= 16): %s\n", written.load(),
        seconds, churnGap.ms, churnGap.ms <= 16 ? "PASS" : "FAIL");
    std::printf("    the GUI thread ran %.1f ms of that gap and waited %.1f ms for a CPU; the longest single "
                "event: %s; the GUI thread's CPU over the churn: %.0f ms (%.0f us a change)\n",
        churnGap.cpuMs, churnGap.runQueueMs, qPrintable(longestEvent), churnGap.totalCpuMs,
        written.load() > 0 ? churnGap.totalCpuMs * 1000.0 / double(written.load()) : 0.0);
    double worstP99 = 0;
    size_t events = 0;
    for (int s = 0; s < serverCount; ++s) {
        const double p99 = percentile(lags[size_t(s)], 0.99);
        worstP99 = std::max(worstP99, p99);
        events += lags[size_t(s)].size();
        std::printf("    server %2d: %zu events, watcher lag p50 %.0f ms, p99 %.0f ms\n", s,
            lags[size_t(s)].size(), percentile(lags[size_t(s)], 0.5), p99);
    }
    std::printf("  watcher lag p99, worst server: %.0f ms (goal < 50): %s (%zu events seen)\n", worstP99,
        worstP99 < 50 ? "PASS" : "FAIL", events);
    std::printf("  RSS at the end %lld KB: %.0f bytes per lock over the baseline\n", endKb,
        double(endKb - baselineKb) * 1024.0 / total);
    for (auto& monitor : monitors)
        monitor->close();
    first.close();
    return 0;
}
