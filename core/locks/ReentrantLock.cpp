#include "locks/ReentrantLock.h"

#include "locks/LockKeyNames.h"
#include "locks/primitives/LuaScript.h"
#include "locks/waiting/WaiterRegistry.h"

namespace lockscope {

namespace {

// Redisson's tryLockInnerAsync, plus RFencedLock's INCR when a hold starts (when fenced), and
// the holder's WaiterRegistry entry removed in the same step (no extra round trip after a
// wait). After RedissonHashLock::newFenceLua.
// KEYS: name, fence counter, waiter registry. ARGV: lease ms, field, fencing `1`/`0`.
constexpr const char* acquireBody = R"lua(
if (redis.call('exists', KEYS[1]) == 0) then
    redis.call('hincrby', KEYS[1], ARGV[2], 1);
    redis.call('pexpire', KEYS[1], ARGV[1]);
    redis.call('zrem', KEYS[3], ARGV[2]);
    return {1, newFence(KEYS[2], ARGV[3])};
end;
if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then
    local count = redis.call('hincrby', KEYS[1], ARGV[2], 1);
    redis.call('pexpire', KEYS[1], ARGV[1]);
    return {2, count};
end;
return {0, redis.call('pttl', KEYS[1])};
)lua";

// Redisson's unlockInnerAsync with the same effects (HINCRBY -1, PEXPIRE or DEL + PUBLISH `0`),
// replying {1, subscribers reached} when the hold ended, so release() knows whether it woke a
// waiter (RedissonHashLock's courtesy); or, given a candidate of this process (ARGV 6-8: its
// field, lease, grant channel), the hold passes to it instead of the notice: {3, 1, fence}.
// Not while other processes' waiters are subscribed (more subscribers than our one) and ARGV[4]
// is `0`: see ReentrantLock::maxHandoffsPastOthers.
// KEYS: name, channel, fence counter, waiter registry. ARGV: `0`, lease ms, field, `1`/`0`
// (may pass others), fencing `1`/`0`.
constexpr const char* unlockTail = R"lua(
if #ARGV >= 8 and (ARGV[4] == '1' or redis.call('pubsub', 'numsub', KEYS[2])[2] <= 1) then
    return {3, 1, handOver(ARGV[6], ARGV[7], ARGV[8], KEYS[4], KEYS[3], ARGV[5])};
end;
return {1, redis.call('publish', KEYS[2], ARGV[1])};
)lua";

} // namespace

const char* const ReentrantLock::redissonAcquireScript = R"lua(
if ((redis.call('exists', KEYS[1]) == 0) or (redis.call('hexists', KEYS[1], ARGV[2]) == 1)) then
    redis.call('hincrby', KEYS[1], ARGV[2], 1);
    redis.call('pexpire', KEYS[1], ARGV[1]);
    return nil;
end;
return redis.call('pttl', KEYS[1]);
)lua";

const char* const ReentrantLock::redissonUnlockScript = R"lua(
if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then
    return nil;
end;
local counter = redis.call('hincrby', KEYS[1], ARGV[3], -1);
if (counter > 0) then
    redis.call('pexpire', KEYS[1], ARGV[2]);
    return 0;
else
    redis.call('del', KEYS[1]);
    redis.call('publish', KEYS[2], ARGV[1]);
    return 1;
end;
return nil;
)lua";

ReentrantLock::ReentrantLock(ConnectionOptions options, std::string name, HolderIdentity identity,
    std::shared_ptr<LockWatchdog> watchdog, Fencing fencing)
    : RedissonHashLock(std::move(options), std::move(name), std::move(identity), std::move(watchdog), fencing,
        {.handsOffLocally = true, .acquireLeavesRegistry = true, .waitsInLocalLine = true})
{
}

ReentrantLock::~ReentrantLock()
{
    releaseRemainingHold();
}

Result<UnlockSubscriber::Attempt> ReentrantLock::tryAcquireOnce(std::chrono::milliseconds lease)
{
    static const LuaScript script(std::string(newFenceLua) + acquireBody);
    return decodeAttempt(
        runScript(script, {name(), LockKeyNames::fenceCounter(name()), WaiterRegistry::keyFor(name())},
            {std::to_string(lease.count()), holderField(), fencingArgument()}));
}

Result<RedisReply> ReentrantLock::runUnlockHandingOff(
    std::chrono::milliseconds lease, const std::vector<HandoffDesk::Candidate>& candidates, int streak)
{
    static const LuaScript script(std::string(newFenceLua) + handOverLua + endOwnHoldLua + unlockTail);
    std::vector<std::string> args {"0", std::to_string(lease.count()), holderField(),
        streak < maxHandoffsPastOthers ? "1" : "0", fencingArgument()};
    if (!candidates.empty()) {
        // The first to start waiting: in this process, the front of the LocalWaitLine.
        auto tail = candidateArguments({candidates.front()});
        args.insert(args.end(), tail.begin(), tail.end());
    }
    const std::vector<std::string> keys {name(), LockKeyNames::lockChannel(name()),
        LockKeyNames::fenceCounter(name()), WaiterRegistry::keyFor(name())};
    return candidates.empty() ? runScript(script, keys, args) : runHandingOverScript(script, keys, args);
}

std::string ReentrantLock::waitChannel() const
{
    return LockKeyNames::lockChannel(name());
}

} // namespace lockscope
