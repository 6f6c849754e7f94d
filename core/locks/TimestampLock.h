#pragma once

#include "locks/DistributedLock.h"
#include "locks/lease/ExpiryClock.h"
#include "redis/RedisConnection.h"

#include <memory>
#include <mutex>
#include <string>

namespace lockscope {

// What the timestamp locks (legacy, naive) share: the value of <name> is the epoch-ms moment
// the hold expires, as the holder wrote it; there is no owner identity, no fencing token and
// no Redis TTL. They wait by polling, registered as a waiter under a name for the process
// (the lock value carries no identity to use). A subclass supplies its kind's attempt and how
// far it trusts that the key is still its own (stillOurs, mayChange).
class TimestampLock : public DistributedLock
{
public:
    struct Options
    {
        ExpiryClock::Source clock = ExpiryClock::Source::Client;
    };

    LockAlgorithm kind() const final { return m_kind; }
    const std::string& name() const final { return m_name; }
    // The expiry timestamp we wrote (the only mark of our hold); empty when not holding.
    std::string holderId() const final;
    Result<AcquireResult> acquire(const AcquireOptions& options) final;
    std::optional<long long> fence() const final { return std::nullopt; }
    // DEL <name>, when mayChange().
    Result<HoldOutcome> release() final;
    // Moves the stored expiry to now + lease, when mayChange().
    Result<HoldOutcome> extend(std::chrono::milliseconds lease) final;
    Result<bool> isHeld() final;

protected:
    TimestampLock(LockAlgorithm kind, std::shared_ptr<RedisConnection> connection, std::string name,
        ExpiryClock::Source clock);

    // One attempt, under m_mutex: true (with m_expiry set) when it took the lock.
    virtual Result<bool> tryOnce(std::chrono::milliseconds lease) = 0;
    // Under m_mutex: whether our hold is still ours, as far as the kind can tell (isHeld()).
    virtual Result<bool> stillOurs() = 0;
    // Under m_mutex: whether a release or an extension may touch the key; false (they say Lost)
    // leaves no hold behind.
    virtual Result<bool> mayChange() = 0;
    // SETNX <name> <expiry>: true (with m_expiry set) when the key was free and is now ours.
    Result<bool> setIfAbsent(long long expiry);
    // Whether <name> exists at all (the last check of "still ours" for both kinds).
    Result<bool> keyExists();
    // DEL <name> for a release judged ours: Done when a key was deleted, Lost when none was.
    Result<HoldOutcome> deleteKey();
    // Moves the stored expiry to now + lease: Done, or Lost when the key is gone.
    Result<HoldOutcome> rewriteExpiry(std::chrono::milliseconds lease);

    std::shared_ptr<RedisConnection> m_connection;
    std::string m_name;
    ExpiryClock m_clock;
    std::optional<long long> m_expiry;
    // Serialises the connection's use: isHeld() may be asked from another thread.
    mutable std::mutex m_mutex;

private:
    LockAlgorithm m_kind;
    std::string m_waiterId;
};

} // namespace lockscope
