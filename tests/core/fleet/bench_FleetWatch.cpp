// Benchmark, not a test: one fleet watcher (as `record` runs it) over many servers. Each server
// holds LOCKS live token locks whose holders a writer changes at RATE changes a second; the bench
// runs the fleet of one server, then of SERVERS servers, and prints for each the lag from a
// write's reply to its reported event (p50/p99 over all, and the worst server's p99), the watcher
// threads' CPU per reported change, and the events written versus reported.
// `cmake --build DIR --target bench_fleet_watch`; arguments: [SERVERS] [LOCKS] [RATE] [SECONDS].
#include "fleet/FleetWatcher.h"
#include "support/BenchMeasures.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>
#include <vector>

using namespace lockscope;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

std::string lockName(int i)
{
    return "lock:fleet:" + std::to_string(i);
}

// Hears the fleet: each change's lag (its token's write time is known) and each member
// thread's CPU from its first listing to its last event.
class LagObserver : public FleetObserver
{
public:
    std::mutex mutex;
    std::unordered_map<std::string, Clock::time_point> sentAt; // token -> when its SET returned
    std::map<std::string, std::vector<double>> lags; // member -> ms
    std::map<std::string, std::pair<double, double>> cpu; // member -> thread CPU at start, at last event
    std::atomic<long long> reported {0};

    void watching(
        const FleetMember& member, const std::vector<SharedLockSnapshot>&, const WatchingMode&, bool) override
    {
        const double now = test::threadCpuSeconds();
        std::lock_guard guard(mutex);
        cpu[member.name] = {now, now};
        ++watchingCount;
    }
    void lockChanged(const FleetMember& member, const LockEvent& event) override
    {
        if (event.type != LockEvent::Type::Changed || event.lock->holders.empty())
            return;
        const auto now = Clock::now();
        const double cpuNow = test::threadCpuSeconds();
        std::lock_guard guard(mutex);
        auto sent = sentAt.find(event.lock->holders.front().owner);
        if (sent != sentAt.end())
            lags[member.name].push_back(
                std::chrono::duration<double, std::milli>(now - sent->second).count());
        cpu[member.name].second = cpuNow;
        ++reported;
    }
    void lost(const FleetMember& member, const RedisError& error, int, std::chrono::milliseconds) override
    {
        std::fprintf(stderr, "%s lost: %s\n", member.name.c_str(), error.toString().c_str());
    }
    void gap(const FleetMember&, long long, long long, const std::string&) override { }
    void gaveUp(const FleetMember& member, const RedisError& error) override
    {
        std::fprintf(stderr, "%s gave up: %s\n", member.name.c_str(), error.toString().c_str());
    }
    int watchingCount = 0;
};

struct FleetResult
{
    double p50 = 0, p99 = 0, worstServerP99 = 0;
    long long written = 0, reported = 0;
    double cpuPerEventUs = 0;
};

FleetResult runFleet(
    std::vector<std::unique_ptr<RedisServerProcess>>& servers, size_t count, int locks, int rate, int seconds)
{
    FleetResult out;
    LagObserver observer;
    std::vector<FleetMember> members;
    std::vector<std::unique_ptr<RedisConnection>> writers;
    for (size_t s = 0; s < count; ++s) {
        writers.push_back(test::connectTo(*servers[s]));
        if (!writers.back())
            return out;
        (void)writers.back()->command({"FLUSHALL"});
        for (int first = 0; first < locks; first += 1000) {
            std::vector<RedisCommand> sets;
            for (int i = first; i < std::min(locks, first + 1000); ++i)
                sets.push_back({"SET", lockName(i), test::LockFormats::randomHex(32), "PX", "600000"});
            (void)writers.back()->pipeline(sets);
        }
        members.push_back({"s" + std::to_string(s), test::optionsFor(*servers[s]), "bench"});
    }
    FleetWatchOptions options;
    options.reportChangesWhileAway = false;
    FleetWatcher watcher(members, options, observer);
    watcher.start();
    const auto listedBy = Clock::now() + 60s;
    while (Clock::now() < listedBy) {
        {
            std::lock_guard guard(observer.mutex);
            if (observer.watchingCount == int(count))
                break;
        }
        std::this_thread::sleep_for(20ms);
    }

    // A writer thread per server: every millisecond the changes due by then, in one pipeline.
    std::atomic<long long> written {0};
    std::vector<std::thread> writing;
    for (size_t s = 0; s < count; ++s) {
        writing.emplace_back([&, s] {
            std::mt19937 random(unsigned(42 + s));
            std::uniform_int_distribution<int> pick(0, locks - 1);
            const auto start = Clock::now();
            const auto end = start + std::chrono::seconds(seconds);
            long long done = 0;
            while (Clock::now() < end) {
                const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
                const long long due = static_cast<long long>(elapsed * rate);
                if (due > done) {
                    std::vector<RedisCommand> sets;
                    std::vector<std::string> tokens;
                    for (long long n = done; n < due; ++n) {
                        tokens.push_back(test::LockFormats::randomHex(32));
                        sets.push_back({"SET", lockName(pick(random)), tokens.back(), "PX", "600000"});
                    }
                    (void)writers[s]->pipeline(sets);
                    const auto now = Clock::now();
                    std::lock_guard guard(observer.mutex);
                    for (const auto& token : tokens)
                        observer.sentAt.emplace(token, now);
                    written += due - done;
                    done = due;
                }
                std::this_thread::sleep_for(1ms);
            }
        });
    }
    for (auto& thread : writing)
        thread.join();
    std::this_thread::sleep_for(2s); // let the last events arrive
    watcher.stop();

    std::vector<double> all;
    double cpu = 0;
    for (auto& [name, lags] : observer.lags) {
        all.insert(all.end(), lags.begin(), lags.end());
        out.worstServerP99 = std::max(out.worstServerP99, test::percentile(lags, 0.99));
    }
    for (const auto& [name, span] : observer.cpu)
        cpu += span.second - span.first;
    out.p50 = test::percentile(all, 0.5);
    out.p99 = test::percentile(all, 0.99);
    out.written = written;
    out.reported = observer.reported;
    out.cpuPerEventUs = out.reported > 0 ? cpu * 1e6 / double(out.reported) : 0;
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    const size_t servers = argc > 1 ? size_t(std::atoi(argv[1])) : 20;
    const int locks = argc > 2 ? std::atoi(argv[2]) : 1000;
    const int rate = argc > 3 ? std::atoi(argv[3]) : 200;
    const int seconds = argc > 4 ? std::atoi(argv[4]) : 15;
    std::vector<std::unique_ptr<RedisServerProcess>> running;
    for (size_t s = 0; s < servers; ++s) {
        running.push_back(test::startServer()); // notify-keyspace-events KEA
        if (!running.back()) {
            std::printf("cannot measure: redis-server %zu did not start\n", s);
            return 1;
        }
    }
    std::printf("Fleet watcher: %d live token locks a server, %d holder changes/s on each, %d s\n", locks,
        rate, seconds);
    std::printf("%8s %10s %9s %9s %9s %9s %14s %10s\n", "servers", "changes/s", "written", "reported",
        "lag p50", "lag p99", "worst srv p99", "cpu/event");
    for (size_t count : {size_t(1), servers}) {
        const FleetResult r = runFleet(running, count, locks, rate, seconds);
        std::printf("%8zu %10zu %9lld %9lld %7.1fms %7.1fms %12.1fms %8.0fus\n", count, count * size_t(rate),
            r.written, r.reported, r.p50, r.p99, r.worstServerP99, r.cpuPerEventUs);
    }
    std::printf(
        "goal: each server's lag p99 < 50 ms; cpu/event with the fleet no worse than with one server\n");
    return 0;
}
