// `cmake --build <dir> --target bench_watchdog`: one process holds 10,000 Redisson-format
// reentrant locks (each its own ReentrantLock, as an application would hold them) with the
// watchdog on, and the bench counts what renewing them costs: round trips per renewal period
// (target: at most one per 100 locks), renewals per round trip, the process's CPU per renewal,
// and whether every lock is still there, unexpired, at the end. A measurement, not a test.
//   bench_Watchdog [LOCKS] [LEASE_MS] [SECONDS]     defaults 10000 3000 12

#include "locks/ReentrantLock.h"
#include "locks/lease/LockWatchdog.h"
#include "sandbox/RedisServerProcess.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace lockscope;
using namespace std::chrono_literals;

namespace {

double processCpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// Each lock has a connection of its own: raise the soft descriptor limit as far as allowed.
long long raiseDescriptorLimit()
{
    rlimit limit {};
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
    return static_cast<long long>(limit.rlim_cur);
}

} // namespace

int main(int argc, char** argv)
{
    const int lockCount = argc > 1 ? std::atoi(argv[1]) : 10000;
    const auto lease = std::chrono::milliseconds(argc > 2 ? std::atoi(argv[2]) : 3000);
    const int seconds = argc > 3 ? std::atoi(argv[3]) : 12;
    if (lockCount <= 0 || lease.count() < 300 || seconds <= 0) {
        std::fprintf(stderr, "usage: bench_Watchdog [LOCKS >= 1] [LEASE_MS >= 300] [SECONDS >= 1]\n");
        return 2;
    }
    const long long descriptors = raiseDescriptorLimit();
    if (descriptors < lockCount + 64) {
        std::printf("cannot measure: %d locks need %d descriptors, the limit is %lld\n", lockCount,
            lockCount + 64, descriptors);
        return 1;
    }
    RedisServerConfig config;
    config.keyspaceNotifications = false;
    config.unixSocket = false;
    config.extraArgs = {"--maxclients", std::to_string(lockCount + 100), "--save", "", "--appendonly", "no"};
    auto server = RedisServerProcess::start(config);
    if (!server) {
        std::printf("cannot measure: %s\n", server.error().message.c_str());
        return 1;
    }
    ConnectionOptions options;
    options.host = "127.0.0.1";
    options.port = (*server)->port();

    std::printf(
        "Watchdog renewal at scale: %d reentrant (Redisson-format) locks in one process, lease %lld ms "
        "(renewed every %lld ms), %d s\n",
        lockCount, static_cast<long long>(lease.count()), static_cast<long long>(lease.count() / 3), seconds);
    auto watchdog = std::make_shared<LockWatchdog>(options);
    std::vector<std::unique_ptr<ReentrantLock>> locks;
    locks.reserve(static_cast<size_t>(lockCount));
    AcquireOptions acquire;
    acquire.lease = lease;
    acquire.wait = 0ms;
    acquire.watchdog = true;
    const auto acquireStart = std::chrono::steady_clock::now();
    for (int i = 0; i < lockCount; ++i) {
        locks.push_back(std::make_unique<ReentrantLock>(
            options, "bench:watchdog:" + std::to_string(i), HolderIdentity::next(), watchdog));
        auto taken = locks.back()->acquire(acquire);
        if (!taken || !taken->acquired()) {
            std::printf(
                "cannot measure: lock %d: %s\n", i, taken ? "not acquired" : taken.error().message.c_str());
            return 1;
        }
    }
    const double acquireSeconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - acquireStart).count();
    std::printf("  acquired %d locks in %.1f s\n", lockCount, acquireSeconds);

    // Measured once the acquisitions' spread has settled: a full period after the last one.
    std::this_thread::sleep_for(lease / 3 + 200ms);
    const long long tripsBefore = watchdog->roundTrips();
    const long long sentBefore = watchdog->renewalsSent();
    const double cpuBefore = processCpuSeconds();
    const auto measureStart = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::seconds(seconds));
    const double elapsed
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - measureStart).count();
    const long long trips = watchdog->roundTrips() - tripsBefore;
    const long long sent = watchdog->renewalsSent() - sentBefore;
    const double cpu = processCpuSeconds() - cpuBefore;

    int failed = 0;
    for (const auto& lock : locks)
        failed += lock->renewalFailed() ? 1 : 0;
    // Every lock still there, with time left, read back in pipelines of 1000 from one connection.
    auto reader = RedisConnection::connect(options);
    long long alive = 0;
    if (reader) {
        for (int first = 0; first < lockCount; first += 1000) {
            std::vector<RedisCommand> ttls;
            for (int i = first; i < std::min(lockCount, first + 1000); ++i)
                ttls.push_back({"PTTL", "bench:watchdog:" + std::to_string(i)});
            auto replies = (*reader)->pipeline(ttls);
            if (!replies)
                break;
            for (const auto& reply : *replies)
                alive += reply.isInteger() && reply.integer() > 0 ? 1 : 0;
        }
    }

    const double periods = elapsed / (double(lease.count()) / 3000.0);
    const double tripsPerPeriod = double(trips) / periods;
    const double locksPerTrip = trips > 0 ? double(sent) / double(trips) : 0;
    const double target = double(lockCount) / 100.0;
    std::printf("  %.1f renewal periods: %lld renewals (%.2f per lock per period) in %lld round trips\n",
        periods, sent, double(sent) / (periods * lockCount), trips);
    std::printf("  round trips per period %.1f (target <= %.0f, one per 100 locks): %s\n", tripsPerPeriod,
        target, tripsPerPeriod <= target ? "PASS" : "FAIL");
    std::printf("  renewals per round trip %.0f; process CPU %.2f s = %.1f us per renewal\n", locksPerTrip,
        cpu, sent > 0 ? cpu * 1e6 / double(sent) : 0.0);
    std::printf("  locks still held at the end: %lld of %d (PTTL > 0), renewal failures %d: %s\n", alive,
        lockCount, failed, alive == lockCount && failed == 0 ? "PASS" : "FAIL");
    for (auto& lock : locks)
        (void)lock->release();
    return 0;
}
