#pragma once

#include "locks/TimestampLock.h"

#include <functional>

namespace lockscope {

// The `naive` kind. UNSAFE: it breaks mutual exclusion, on purpose. Never use it to protect
// anything; it is never a default.
//
// It is the recovery Redis's SETNX page warns against: SETNX <name> <expiry>; if taken and the stored
// expiry has passed, DEL the key and SETNX again. When the holder C3 has died, two contenders
// C1 and C2 both read the expired timestamp; C1 DELs and SETNXes (C1 holds); C2 DELs C1's fresh
// lock and SETNXes too: both hold. It exists so the contention demo and the tests can show that
// double acquisition and prove the MutualExclusionChecker catches it.
// Release is a plain DEL, extend a SET XX: no owner identity, no fencing (fence() is nullopt).
class NaiveLock final : public TimestampLock
{
public:
    struct Options : TimestampLock::Options
    {
        // Called between reading an expired timestamp and the DEL: the race window. The demo and
        // the tests use it to line contenders up (or to sleep) and make the race happen on cue.
        std::function<void()> beforeDelete;
    };

    NaiveLock(std::shared_ptr<RedisConnection> connection, std::string name, Options options = {});

private:
    Result<bool> tryOnce(std::chrono::milliseconds lease) override;
    // Held while we believe so and the key exists (whoever wrote it).
    Result<bool> stillOurs() override;
    // Whenever we believe we hold: a release DELs, an extension rewrites, whatever the key holds.
    Result<bool> mayChange() override;

    std::function<void()> m_beforeDelete;
};

} // namespace lockscope
