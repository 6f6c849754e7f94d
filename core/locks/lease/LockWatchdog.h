#pragma once

#include "locks/lease/RenewalState.h"
#include "redis/RedisConnection.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace lockscope {

// Keeps held locks alive, like Redisson's lock watchdog: every hold it watches is renewed every
// lease / 3. All holds that are due at about the same time are renewed in ONE round trip (a
// pipeline of one renewal script per hold: a pipeline, not one script over all keys, so that
// holds of different cluster slots can share it). Each renewal only extends a hold that is
// still ours; when one finds the hold gone, or renewals fail for a whole lease, the holder's
// RenewalState says so. A hold can be capped to maxRenewals (renewing without end is a lock
// without a lease: a holder that hangs must not hold forever): then it simply stops being renewed and expires
// one lease later.
//
// Runs on its own thread with its own connection; the destructor stops it and joins.
class LockWatchdog
{
public:
    struct Renewal
    {
        // A command (usually an EVAL) that extends the hold by `lease` and replies 1 while the
        // hold is ours, 0 once it is not.
        RedisCommand command;
        std::chrono::milliseconds lease {30000};
        int maxRenewals = 0; // 0: no cap
        std::shared_ptr<RenewalState> state;
    };
    using WatchId = std::uint64_t;

    explicit LockWatchdog(ConnectionOptions options);
    ~LockWatchdog();
    LockWatchdog(const LockWatchdog&) = delete;
    LockWatchdog& operator=(const LockWatchdog&) = delete;

    // One watchdog per server and process, shared by every lock that does not bring its own;
    // it lives while some lock uses it.
    static std::shared_ptr<LockWatchdog> sharedFor(const ConnectionOptions& options);

    // The first renewal comes lease / 3 from now.
    WatchId watch(Renewal renewal);
    // After this returns no renewal result is reported for the hold any more (one in flight
    // may still reach Redis; it only extends a hold that is still ours).
    void unwatch(WatchId id);
    void stop();

    size_t watchedCount() const;
    // Pipelines sent so far: one per batch of renewals.
    long long roundTrips() const;
    long long renewalsSent() const;

private:
    struct Entry
    {
        Renewal renewal;
        std::chrono::steady_clock::time_point nextDue;
        std::chrono::steady_clock::time_point lastSuccess;
        int renewals = 0;
    };

    void run();
    void renewBatch(std::unique_lock<std::mutex>& lock);

    ConnectionOptions m_options;
    std::unique_ptr<RedisConnection> m_connection; // watchdog thread only
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::map<WatchId, Entry> m_entries;
    WatchId m_nextId = 1;
    bool m_stopping = false;
    long long m_roundTrips = 0;
    long long m_renewalsSent = 0;
    std::thread m_thread;
};

} // namespace lockscope
