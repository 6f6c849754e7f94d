#include "locks/WriteLock.h"

#include "locks/LockKeyNames.h"
#include "locks/primitives/LuaScript.h"

namespace lockscope {

namespace {

// Redisson's RedissonWriteLock.tryLockInnerAsync (its two HSETs of a new hash as one), plus
// fencing (when on) when the hold starts. After RedissonHashLock::newFenceLua and modeLua.
// KEYS: name, fence counter. ARGV: lease ms, writer field, fencing `1`/`0`.
constexpr const char* acquireBody = R"lua(
if (mode == false) then
    redis.call('hset', KEYS[1], 'mode', 'write', ARGV[2], 1);
    redis.call('pexpire', KEYS[1], ARGV[1]);
    return {1, newFence(KEYS[2], ARGV[3])};
end;
if (mode == 'write') then
    if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then
        local count = redis.call('hincrby', KEYS[1], ARGV[2], 1);
        local currentExpire = redis.call('pttl', KEYS[1]);
        redis.call('pexpire', KEYS[1], currentExpire + ARGV[1]);
        return {2, count};
    end;
end;
return {0, redis.call('pttl', KEYS[1])};
)lua";

// Redisson's RedissonWriteLock.unlockInnerAsync, after modeLua and goneUnlockLua. KEYS: name,
// channel. ARGV: `1`, lease ms, writer field.
constexpr const char* unlockBody = R"lua(
if (mode == 'write') then
    local lockExists = redis.call('hexists', KEYS[1], ARGV[3]);
    if (lockExists == 0) then
        return nil;
    else
        local counter = redis.call('hincrby', KEYS[1], ARGV[3], -1);
        if (counter > 0) then
            redis.call('pexpire', KEYS[1], ARGV[2]);
            return 0;
        else
            redis.call('hdel', KEYS[1], ARGV[3]);
            if (redis.call('hlen', KEYS[1]) == 1) then
                redis.call('del', KEYS[1]);
                redis.call('publish', KEYS[2], ARGV[1]);
            else
                redis.call('hset', KEYS[1], 'mode', 'read');
            end;
            return 1;
        end;
    end;
end;
return nil;
)lua";

} // namespace

WriteLock::~WriteLock()
{
    releaseRemainingHold();
}

Result<UnlockSubscriber::Attempt> WriteLock::tryAcquireOnce(std::chrono::milliseconds lease)
{
    static const LuaScript script(std::string(newFenceLua) + modeLua + acquireBody);
    return decodeAttempt(runScript(script, {name(), LockKeyNames::fenceCounter(name())},
        {std::to_string(lease.count()), holderField(), fencingArgument()}));
}

Result<RedisReply> WriteLock::runUnlock(std::chrono::milliseconds lease)
{
    static const LuaScript script(std::string(modeLua) + goneUnlockLua + unlockBody);
    return runScript(script, {name(), LockKeyNames::readWriteChannel(name())},
        {"1", std::to_string(lease.count()), holderField()});
}

} // namespace lockscope
