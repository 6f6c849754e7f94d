#pragma once

#include "locks/DistributedLock.h"
#include "locks/ExpiryClock.h"
#include "redis/RedisConnection.h"

#include <functional>
#include <memory>
#include <mutex>

namespace lockscope {

// The `naive` kind. UNSAFE: it breaks mutual exclusion, on purpose. Never use it to protect
// anything; it is never a default.
//
// It is the recovery seed 000 warns against: SETNX <name> <expiry>; if taken and the stored
// expiry has passed, DEL the key and SETNX again. When the holder C3 has died, two contenders
// C1 and C2 both read the expired timestamp; C1 DELs and SETNXes (C1 holds); C2 DELs C1's fresh
// lock and SETNXes too: both hold. It exists so the contention demo and the tests can show that
// double acquisition and prove the MutualExclusionChecker catches it.
// Release is a plain DEL, extend a SET XX: no owner identity, no fencing (fence() is nullopt).
class NaiveLock final : public DistributedLock
{
public:
    static constexpr std::string_view kindName = "naive";

    struct Options
    {
        ExpiryClock::Source clock = ExpiryClock::Source::Client;
        // Called between reading an expired timestamp and the DEL: the race window. The demo and
        // the tests use it to line contenders up (or to sleep) and make the race happen on cue.
        std::function<void()> beforeDelete;
    };

    NaiveLock(std::shared_ptr<RedisConnection> connection, std::string name, Options options);
    NaiveLock(std::shared_ptr<RedisConnection> connection, std::string name)
        : NaiveLock(std::move(connection), std::move(name), Options {})
    {
    }

    std::string_view kind() const override { return kindName; }
    const std::string& name() const override { return m_name; }
    // The expiry timestamp we wrote; empty when not holding.
    std::string holderId() const override;

    Result<AcquireResult> acquire(const AcquireOptions& options) override;
    Result<HoldOutcome> release() override;
    Result<HoldOutcome> extend(std::chrono::milliseconds lease) override;
    Result<bool> isHeld() override;
    std::optional<long long> fence() const override { return std::nullopt; }

private:
    Result<bool> setIfAbsent(long long expiry);
    Result<bool> tryOnce(std::chrono::milliseconds lease);

    std::shared_ptr<RedisConnection> m_connection;
    std::string m_name;
    ExpiryClock m_clock;
    std::function<void()> m_beforeDelete;
    std::string m_waiterId;
    std::optional<long long> m_expiry;
    // Serialises the connection's use: isHeld() may be asked from another thread.
    mutable std::mutex m_mutex;
};

} // namespace lockscope
