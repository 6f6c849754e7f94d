#pragma once

#include "locks/DistributedLock.h"
#include "redis/ConnectionOptions.h"

#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace lockscope {

class RedisConnection;

// Fills a (sandbox) server with locks of every kind, so that a newcomer sees a live monitor at
// once: LockScope's own locks really held through LockFactory (reentrant with its watchdog, fair
// with two threads queued behind it, read/write, a semaphore, a token lock that expires), plus
// keys written the way Redisson, redis-py, node-redlock, redis-semaphore (node and ruby) and the
// legacy SETNX pattern leave them (the formats their recognizers in inspect/recognizers/ read),
// with TTLs so that the table counts down and some expire. The held locks stay held until stop() (or
// destruction), which cancels the waiters and releases everything it still holds.
class SampleLockSeeder
{
public:
    explicit SampleLockSeeder(ConnectionOptions options);
    ~SampleLockSeeder();
    SampleLockSeeder(const SampleLockSeeder&) = delete;
    SampleLockSeeder& operator=(const SampleLockSeeder&) = delete;

    // Writes and takes the sample locks; returns the names made, in words ("orders (LockScope
    // reentrant)"). Stops at the first Redis error (what was made so far stays).
    Result<std::vector<std::string>> seed();
    void stop();

    // uuid.uuid1().hex for the given moment, as redis-py writes it.
    static std::string uuid1Hex(long long epochMs);

private:
    Status holdOwnLocks(std::vector<std::string>& made);
    Status holdPortalockerLock(std::vector<std::string>& made);
    Status writeForeignLocks(RedisConnection& connection, std::vector<std::string>& made);
    Status hold(LockAlgorithm kind, const std::string& name, std::chrono::milliseconds lease, bool watchdog,
        int permits = 1);
    void queueWaiter(LockAlgorithm kind, const std::string& name);

    ConnectionOptions m_options;
    std::vector<std::unique_ptr<DistributedLock>> m_held;
    CancellationToken m_cancel;
    std::vector<std::thread> m_waiters;
    // portalocker's lock is a live subscription, not a key: this connection holds one.
    std::unique_ptr<RedisConnection> m_subscribedHolder;
};

} // namespace lockscope
