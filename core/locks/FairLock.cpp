#include "locks/FairLock.h"

#include "locks/LockKeyNames.h"
#include "locks/primitives/LuaScript.h"
#include "locks/waiting/WaiterRegistry.h"

#include <algorithm>

namespace lockscope {

namespace {

// How Redisson's fair scripts begin: the time (here the server's), then the waiters at the
// head of the queue whose deadline passed are dropped. KEYS[2]: queue, KEYS[3]: timeouts.
constexpr const char* dropDeadHeads = R"lua(
local t = redis.call('time');
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000);
while true do
    local first = redis.call('lindex', KEYS[2], 0);
    if first == false then break; end;
    local timeout = tonumber(redis.call('zscore', KEYS[3], first));
    if timeout == nil or timeout <= now then
        redis.call('zrem', KEYS[3], first);
        redis.call('lpop', KEYS[2]);
    else
        break;
    end;
end;
)lua";

// Redisson's RedissonFairLock acquire script, with server time, fencing (when on) and the
// refresh of a live waiter's deadline; a new holder's WaiterRegistry entry is removed in the
// same step. After RedissonHashLock::newFenceLua.
// KEYS: name, queue, timeouts, fence counter, waiter registry. ARGV: lease ms, field,
// threadWaitTime ms, fencing `1`/`0`. Replies {1, fence or nil}, {2, count} or {0, ms until
// worth trying again}.
constexpr const char* acquireBody = R"lua(
local waitTime = tonumber(ARGV[3]);
if (redis.call('exists', KEYS[1]) == 0)
    and ((redis.call('exists', KEYS[2]) == 0) or (redis.call('lindex', KEYS[2], 0) == ARGV[2])) then
    redis.call('lpop', KEYS[2]);
    redis.call('zrem', KEYS[3], ARGV[2]);
    local keys = redis.call('zrange', KEYS[3], 0, -1);
    for i = 1, #keys, 1 do
        redis.call('zincrby', KEYS[3], -waitTime, keys[i]);
    end;
    redis.call('hset', KEYS[1], ARGV[2], 1);
    redis.call('pexpire', KEYS[1], ARGV[1]);
    redis.call('zrem', KEYS[5], ARGV[2]);
    return {1, newFence(KEYS[4], ARGV[4])};
end;
if redis.call('hexists', KEYS[1], ARGV[2]) == 1 then
    local count = redis.call('hincrby', KEYS[1], ARGV[2], 1);
    redis.call('pexpire', KEYS[1], ARGV[1]);
    return {2, count};
end;
local pttl = redis.call('pttl', KEYS[1]);
local position = redis.call('lpos', KEYS[2], ARGV[2]);
if position ~= false then
    local keep = now + math.max(pttl, 0) + (position + 1) * waitTime;
    if keep > tonumber(redis.call('zscore', KEYS[3], ARGV[2]) or 0) then
        redis.call('zadd', KEYS[3], keep, ARGV[2]);
    end;
else
    local last = redis.call('lindex', KEYS[2], -1);
    local ttl;
    if last ~= false and last ~= ARGV[2] then
        ttl = tonumber(redis.call('zscore', KEYS[3], last) or now) - now;
    else
        ttl = pttl;
    end;
    redis.call('zadd', KEYS[3], ttl + waitTime + now, ARGV[2]);
    redis.call('rpush', KEYS[2], ARGV[2]);
    position = redis.call('llen', KEYS[2]) - 1;
end;
if position == 0 then
    return {0, pttl};
end;
local head = redis.call('lindex', KEYS[2], 0);
local headDeadline = tonumber(redis.call('zscore', KEYS[3], head) or now);
return {0, math.max(headDeadline - now, 0)};
)lua";

// Redisson's fair unlock, and an in-process handoff: when the head of the queue is one of
// this process's candidates (ARGV from 6 on: field, lease ms, grant channel for each), the
// hold passes to it as the acquire script would give it (it leaves the queue, the others'
// deadlines move up by threadWaitTime, a new fence when fenced) and the fence goes to its
// grant channel instead of the unlock notice: {3, candidate index, fence}. Anyone else at the
// head gets the notice, so the queue's order holds across processes.
// KEYS: name, queue, timeouts, channel prefix, fence counter, waiter registry.
// ARGV: `0`, lease ms, field, threadWaitTime ms, fencing `1`/`0`, candidates. Where Redisson
// replies 1 for a lock that no longer exists, this replies nil (lost).
constexpr const char* unlockIfGone = R"lua(
if (redis.call('exists', KEYS[1]) == 0) then
    local nextWaiter = redis.call('lindex', KEYS[2], 0);
    if nextWaiter ~= false then
        redis.call('publish', KEYS[4] .. ':' .. nextWaiter, ARGV[1]);
    end;
    return nil;
end;
)lua";

constexpr const char* unlockTail = R"lua(
local nextWaiter = redis.call('lindex', KEYS[2], 0);
if nextWaiter == false then
    return 1;
end;
for i = 6, #ARGV - 2, 3 do
    if ARGV[i] == nextWaiter then
        redis.call('lpop', KEYS[2]);
        redis.call('zrem', KEYS[3], nextWaiter);
        local keys = redis.call('zrange', KEYS[3], 0, -1);
        for j = 1, #keys, 1 do
            redis.call('zincrby', KEYS[3], -tonumber(ARGV[4]), keys[j]);
        end;
        return {3, math.floor((i - 3) / 3),
            handOver(nextWaiter, ARGV[i + 1], ARGV[i + 2], KEYS[6], KEYS[5], ARGV[5])};
    end;
end;
redis.call('publish', KEYS[4] .. ':' .. nextWaiter, ARGV[1]);
return 1;
)lua";

// Redisson's acquireFailed: leave the queue and give the followers our slot of waiting time;
// then, if the lock is free, wake the new head (Redisson leaves that to the head's timeout).
// KEYS: queue, timeouts, name, channel prefix. ARGV: field, threadWaitTime ms.
constexpr const char* leaveQueueScript = R"lua(
local queue = redis.call('lrange', KEYS[1], 0, -1);
local i = 1;
while i <= #queue and queue[i] ~= ARGV[1] do
    i = i + 1;
end;
i = i + 1;
while i <= #queue do
    redis.call('zincrby', KEYS[2], -tonumber(ARGV[2]), queue[i]);
    i = i + 1;
end;
redis.call('zrem', KEYS[2], ARGV[1]);
redis.call('lrem', KEYS[1], 0, ARGV[1]);
if redis.call('exists', KEYS[3]) == 0 then
    local nextWaiter = redis.call('lindex', KEYS[1], 0);
    if nextWaiter ~= false then
        redis.call('publish', KEYS[4] .. ':' .. nextWaiter, '0');
    end;
end;
return 1;
)lua";

} // namespace

FairLock::FairLock(ConnectionOptions options, std::string name, HolderIdentity identity,
    std::shared_ptr<LockWatchdog> watchdog, std::chrono::milliseconds threadWaitTime, Fencing fencing)
    : RedissonHashLock(std::move(options), std::move(name), std::move(identity), std::move(watchdog), fencing,
        {.handsOffLocally = true, .acquireLeavesRegistry = true})
    , m_threadWaitTime(std::max(threadWaitTime, std::chrono::milliseconds(30)))
{
}

FairLock::~FairLock()
{
    releaseRemainingHold();
}

Result<UnlockSubscriber::Attempt> FairLock::tryAcquireOnce(std::chrono::milliseconds lease)
{
    static const LuaScript script(std::string(newFenceLua) + dropDeadHeads + acquireBody);
    auto attempt = decodeAttempt(runScript(script,
        {name(), LockKeyNames::fairQueue(name()), LockKeyNames::fairTimeouts(name()),
            LockKeyNames::fenceCounter(name()), WaiterRegistry::keyFor(name())},
        {std::to_string(lease.count()), holderField(), std::to_string(m_threadWaitTime.count()),
            fencingArgument()}));
    if (attempt && !attempt->acquired) {
        // Come back before our deadline to keep our place, even without a message.
        const auto refresh = m_threadWaitTime / 3;
        if (attempt->retryAfter.count() < 0 || attempt->retryAfter > refresh)
            attempt->retryAfter = refresh;
    }
    return attempt;
}

Result<RedisReply> FairLock::runUnlockHandingOff(
    std::chrono::milliseconds lease, const std::vector<HandoffDesk::Candidate>& candidates, int)
{
    static const LuaScript script(
        std::string(newFenceLua) + dropDeadHeads + handOverLua + unlockIfGone + endOwnHoldLua + unlockTail);
    std::vector<std::string> args {"0", std::to_string(lease.count()), holderField(),
        std::to_string(m_threadWaitTime.count()), fencingArgument()};
    auto tail = candidateArguments(candidates);
    args.insert(args.end(), tail.begin(), tail.end());
    const std::vector<std::string> keys {name(), LockKeyNames::fairQueue(name()),
        LockKeyNames::fairTimeouts(name()), LockKeyNames::lockChannel(name()),
        LockKeyNames::fenceCounter(name()), WaiterRegistry::keyFor(name())};
    return candidates.empty() ? runScript(script, keys, args) : runHandingOverScript(script, keys, args);
}

std::string FairLock::waitChannel() const
{
    return LockKeyNames::lockChannel(name()) + ":" + holderField();
}

Status FairLock::abandonWait()
{
    static const LuaScript script(leaveQueueScript);
    auto left = runScript(script,
        {LockKeyNames::fairQueue(name()), LockKeyNames::fairTimeouts(name()), name(),
            LockKeyNames::lockChannel(name())},
        {holderField(), std::to_string(m_threadWaitTime.count())});
    if (!left)
        return left.error();
    return Done {};
}

} // namespace lockscope
