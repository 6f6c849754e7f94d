// Benchmark, not a test: the watcher under churn. 10,000 live token locks; a writer changes
// their holders at 1,000, 5,000 and 20,000 changes a second for a few seconds each, and the
// bench prints the watcher's lag (from the write's reply to the reported event) p50/p99, the
// watcher thread's CPU per reported change, the notifications it coalesced, and whether its
// final state equals Redis's (every lock with its last holder). `cmake --build DIR --target
// bench_watch_churn`; arguments: [LOCKS] [SECONDS per rate].
#include "inspect/watch/LockWatcher.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include "common/CancellationToken.h"

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>
#include <vector>

using namespace lockscope;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

double threadCpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_THREAD, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size())))];
}

std::string lockName(int i)
{
    return "lock:churn:" + std::to_string(i);
}

struct RateResult
{
    double p50 = 0, p99 = 0, max = 0;
    long long written = 0, reported = 0, notifications = 0, coalesced = 0, rereads = 0;
    double cpuPerEventUs = 0;
    long long wrong = 0; // locks whose final holder in the watcher differs from Redis's
    double catchUpSeconds = 0; // after the last write, until the watcher had reported it
};

RateResult runRate(RedisServerProcess& server, int locks, int rate, int seconds)
{
    RateResult out;
    auto writer = test::connectTo(server);
    auto reader = test::connectTo(server);
    auto subscriber = test::connectTo(server);
    if (!writer || !reader || !subscriber)
        return out;
    // Every lock held from the start (a token as redis-py writes it).
    std::vector<std::string> holder(static_cast<size_t>(locks));
    for (int first = 0; first < locks; first += 1000) {
        std::vector<RedisCommand> sets;
        for (int i = first; i < std::min(locks, first + 1000); ++i) {
            holder[size_t(i)] = test::LockFormats::randomHex(32);
            sets.push_back({"SET", lockName(i), holder[size_t(i)], "PX", "600000"});
        }
        (void)writer->pipeline(sets);
    }
    WatchOptions options;
    LockWatcher watcher({{"n", reader.get(), subscriber.get()}}, options);
    if (!watcher.start())
        return out;

    std::mutex mutex;
    std::unordered_map<std::string, Clock::time_point> sentAt; // token -> when its SET returned
    std::vector<double> lags;
    std::atomic<long long> reported {0};
    std::atomic<Clock::time_point::rep> lastEventAt {0};
    CancellationToken cancel;
    double cpu = 0;
    WatchStats stats;
    std::thread watching([&] {
        const double before = threadCpuSeconds();
        (void)watcher.run(cancel, [&](const LockEvent& event) {
            if (event.type != LockEvent::Type::Changed || event.lock->holders.empty())
                return;
            const auto now = Clock::now();
            std::lock_guard guard(mutex);
            auto sent = sentAt.find(event.lock->holders.front().owner);
            if (sent != sentAt.end())
                lags.push_back(std::chrono::duration<double, std::milli>(now - sent->second).count());
            ++reported;
            lastEventAt = now.time_since_epoch().count();
        });
        cpu = threadCpuSeconds() - before;
        stats = watcher.stats();
    });

    // The writer: every millisecond the changes due by then, in one pipeline.
    std::mt19937 random(42);
    std::uniform_int_distribution<int> pick(0, locks - 1);
    const auto start = Clock::now();
    const auto end = start + std::chrono::seconds(seconds);
    long long written = 0;
    while (Clock::now() < end) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        const long long due = static_cast<long long>(elapsed * rate);
        if (due > written) {
            std::vector<RedisCommand> sets;
            std::vector<std::string> tokens;
            for (long long n = written; n < due; ++n) {
                const int i = pick(random);
                tokens.push_back(test::LockFormats::randomHex(32));
                holder[size_t(i)] = tokens.back();
                sets.push_back({"SET", lockName(i), tokens.back(), "PX", "600000"});
            }
            (void)writer->pipeline(sets);
            const auto now = Clock::now();
            std::lock_guard guard(mutex);
            for (const auto& token : tokens)
                sentAt.emplace(token, now);
            written = due;
        }
        std::this_thread::sleep_for(1ms);
    }
    const auto lastWrite = Clock::now();
    // Caught up: no event for a second (at most 30 s).
    while (Clock::now() - lastWrite < 30s) {
        const auto last = Clock::time_point(Clock::duration(lastEventAt.load()));
        if (Clock::now() - std::max(last, lastWrite) > 1s)
            break;
        std::this_thread::sleep_for(20ms);
    }
    out.catchUpSeconds = std::max(0.0,
        std::chrono::duration<double>(Clock::time_point(Clock::duration(lastEventAt.load())) - lastWrite)
            .count());
    cancel.cancel();
    watching.join();

    std::unordered_map<std::string, std::string> seen;
    for (const auto& lock : watcher.locks())
        if (!lock->holders.empty())
            seen[lock->name] = lock->holders.front().owner;
    for (int i = 0; i < locks; ++i) {
        auto found = seen.find(lockName(i));
        out.wrong += found == seen.end() || found->second != holder[size_t(i)] ? 1 : 0;
    }
    out.p50 = percentile(lags, 0.5);
    out.p99 = percentile(lags, 0.99);
    out.max = percentile(lags, 1.0);
    out.written = written;
    out.reported = reported;
    out.notifications = stats.notifications;
    out.coalesced = stats.coalesced;
    out.rereads = stats.rereads;
    out.cpuPerEventUs = reported > 0 ? cpu * 1e6 / double(reported) : 0;
    (void)writer->command({"FLUSHALL"});
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    const int locks = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int seconds = argc > 2 ? std::atoi(argv[2]) : 5;
    auto server = test::startServer(); // notify-keyspace-events KEA
    if (!server) {
        std::printf("cannot measure: no redis-server\n");
        return 1;
    }
    std::printf("Watcher under churn: %d live token locks, holders changed at random, %d s per rate\n", locks,
        seconds);
    std::printf("%8s %9s %9s %9s %9s %9s %10s %9s %8s %s\n", "rate/s", "written", "reported", "lag p50",
        "lag p99", "lag max", "coalesced", "cpu/event", "catch-up", "final state");
    for (int rate : {1000, 5000, 20000}) {
        const RateResult r = runRate(*server, locks, rate, seconds);
        std::printf("%8d %9lld %9lld %7.1fms %7.1fms %7.1fms %9.0f%% %7.0fus %7.2fs %s\n", rate, r.written,
            r.reported, r.p50, r.p99, r.max,
            r.notifications > 0 ? 100.0 * double(r.coalesced) / double(r.notifications) : 0.0,
            r.cpuPerEventUs, r.catchUpSeconds,
            r.wrong == 0 ? "right" : ("WRONG: " + std::to_string(r.wrong)).c_str());
    }
    std::printf("goal: lag p99 < 50 ms at 5,000 changes/s, the final state right at every rate\n");
    return 0;
}
