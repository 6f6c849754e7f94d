#include "WatchChurnRun.h"

#include "common/CancellationToken.h"
#include "inspect/watch/LockWatcher.h"
#include "support/BenchMeasures.h"
#include "support/RedisTestServer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <vector>

namespace lockscope::test {

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

} // namespace

ChurnResult runChurn(RedisServerProcess& server, ChurnWorkload& workload, int rate, int seconds)
{
    ChurnResult out;
    auto writer = connectTo(server);
    auto reader = connectTo(server);
    auto subscriber = connectTo(server);
    if (!writer || !reader || !subscriber || !workload.populate(*writer))
        return out;
    LockWatcher watcher({{"n", reader.get(), subscriber.get()}}, WatchOptions {});
    if (!watcher.start())
        return out;

    std::mutex mutex;
    // lock name + '\n' + state -> when the write that made it returned
    std::unordered_map<std::string, Clock::time_point> sentAt;
    std::vector<double> lags;
    std::atomic<long long> reported {0};
    std::atomic<Clock::time_point::rep> lastEventAt {0};
    CancellationToken cancel;
    double cpu = 0;
    WatchStats stats;
    std::thread watching([&] {
        const double before = threadCpuSeconds();
        (void)watcher.run(cancel, [&](const LockEvent& event) {
            if (event.type != LockEvent::Type::Changed)
                return;
            const auto now = Clock::now();
            const std::string seen = event.lock->name + '\n' + workload.stateOf(*event.lock);
            std::lock_guard guard(mutex);
            auto sent = sentAt.find(seen);
            // Each state is written once (a new token, a new count): shown, it is done with, and
            // the map stays the size of what is still to be seen.
            if (sent != sentAt.end()) {
                lags.push_back(std::chrono::duration<double, std::milli>(now - sent->second).count());
                sentAt.erase(sent);
            }
            ++reported;
            lastEventAt = now.time_since_epoch().count();
        });
        cpu = threadCpuSeconds() - before;
        stats = watcher.stats();
    });

    std::mt19937 random(42);
    const double writerBefore = threadCpuSeconds();
    const double serverBefore = processCpuSeconds(server.pid());
    const auto start = Clock::now();
    const auto end = start + std::chrono::seconds(seconds);
    long long written = 0;
    std::vector<RedisCommand> commands;
    std::vector<std::string> states;
    while (Clock::now() < end) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        const long long due = static_cast<long long>(elapsed * rate);
        if (due > written) {
            commands.clear();
            states.clear();
            for (long long n = written; n < due; ++n) {
                ChurnChange change = workload.next(random);
                commands.push_back(std::move(change.command));
                states.push_back(change.lockName + '\n' + change.state);
            }
            (void)writer->pipeline(commands);
            const auto now = Clock::now();
            std::lock_guard guard(mutex);
            for (auto& state : states)
                sentAt.insert_or_assign(std::move(state), now);
            written = due;
        }
        std::this_thread::sleep_for(1ms);
    }
    const auto lastWrite = Clock::now();
    const double writerCpu = threadCpuSeconds() - writerBefore;
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
    const double serverCpu = processCpuSeconds(server.pid()) - serverBefore;
    cancel.cancel();
    watching.join();

    auto inRedis = workload.stateInRedis(*writer);
    if (inRedis) {
        std::map<std::string, std::string> inWatcher;
        for (const auto& lock : watcher.locks())
            inWatcher[lock->name] = workload.stateOf(*lock);
        out.wrong = 0;
        for (const auto& [name, state] : *inRedis) {
            auto found = inWatcher.find(name);
            out.wrong += found == inWatcher.end() || found->second != state ? 1 : 0;
        }
        for (const auto& [name, state] : inWatcher)
            out.wrong += inRedis->count(name) ? 0 : 1;
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
    out.cpuPerChangeUs = written > 0 ? cpu * 1e6 / double(written) : 0;
    out.writerCpuPerChangeUs = written > 0 ? writerCpu * 1e6 / double(written) : 0;
    out.serverCpuPerChangeUs = written > 0 ? serverCpu * 1e6 / double(written) : 0;
    (void)writer->command({"FLUSHALL"});
    return out;
}

void printChurnHeader()
{
    std::printf("%8s %9s %9s %9s %9s %9s %10s %9s %10s %10s %10s %8s %s\n", "rate/s", "written", "reported",
        "lag p50", "lag p99", "lag max", "coalesced", "cpu/event", "cpu/change", "writer/chg", "server/chg",
        "catch-up", "final state");
}

void printChurnRow(int rate, const ChurnResult& r)
{
    const std::string verdict = r.wrong == 0 ? "right"
        : r.wrong < 0                        ? "NOT COMPARED (Redis unreadable)"
                                             : "WRONG: " + std::to_string(r.wrong);
    std::printf("%8d %9lld %9lld %7.1fms %7.1fms %7.1fms %9.0f%% %7.1fus %8.1fus %8.1fus %8.1fus %7.2fs %s\n",
        rate, r.written, r.reported, r.p50, r.p99, r.max,
        r.notifications > 0 ? 100.0 * double(r.coalesced) / double(r.notifications) : 0.0, r.cpuPerEventUs,
        r.cpuPerChangeUs, r.writerCpuPerChangeUs, r.serverCpuPerChangeUs, r.catchUpSeconds, verdict.c_str());
    std::fflush(stdout);
}

} // namespace lockscope::test
