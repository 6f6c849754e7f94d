#pragma once

#include "redis/RedisConnection.h"

#include <chrono>
#include <string>

namespace lockscope {

// Makes a LockScope waiter visible to the monitor while it waits: a member of the ZSET
// `lockscope:waiters:{<name>}` whose score is the epoch-ms moment after which the entry is
// stale. A live waiter refreshes it every heartbeat; a dead one's entry goes stale within three
// heartbeats and is pruned by the next enter() or by the inspector. The braces keep the key in
// the lock's cluster slot.
class WaiterRegistry
{
public:
    static std::string keyFor(const std::string& lockName);

    WaiterRegistry(RedisConnection& connection, std::string lockName, std::string waiterId,
        std::chrono::milliseconds heartbeat = std::chrono::milliseconds(1000));
    ~WaiterRegistry(); // leaves, best effort

    WaiterRegistry(const WaiterRegistry&) = delete;
    WaiterRegistry& operator=(const WaiterRegistry&) = delete;

    // Registers (or re-registers) this waiter; also prunes stale entries of others.
    Status enter();
    // Pushes the stale-after moment forward; cheap enough to call on every wake-up. Only sends
    // when half a heartbeat has passed since the last refresh.
    Status refreshIfDue();
    // Removes this waiter: on acquisition, on giving up, on cancellation.
    Status leave();
    // Notes that the entry is gone without sending anything: for acquire scripts that remove
    // it in the same step as taking the lock.
    void forget() { m_registered = false; }
    bool isRegistered() const { return m_registered; }

private:
    Status write();

    RedisConnection& m_connection;
    std::string m_key;
    std::string m_waiterId;
    std::chrono::milliseconds m_heartbeat;
    std::chrono::steady_clock::time_point m_lastRefresh {};
    bool m_registered = false;
};

} // namespace lockscope
