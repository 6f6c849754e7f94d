#include "locks/ReadLock.h"

#include "locks/LockKeyNames.h"
#include "locks/primitives/LuaScript.h"

namespace lockscope {

namespace {

// Redisson's RedissonReadLock.tryLockInnerAsync (its two HSETs of a new hash as one), plus
// fencing (when on) when this reader's hold starts. After RedissonHashLock::newFenceLua and
// modeLua. KEYS: name, timeout prefix, fence counter. ARGV: lease ms, reader field, writer
// field, fencing `1`/`0`.
constexpr const char* acquireBody = R"lua(
if (mode == false) then
    redis.call('hset', KEYS[1], 'mode', 'read', ARGV[2], 1);
    redis.call('set', KEYS[2] .. ':1', 1);
    redis.call('pexpire', KEYS[2] .. ':1', ARGV[1]);
    redis.call('pexpire', KEYS[1], ARGV[1]);
    return {1, newFence(KEYS[3], ARGV[4])};
end;
if (mode == 'read') or (mode == 'write' and redis.call('hexists', KEYS[1], ARGV[3]) == 1) then
    local ind = redis.call('hincrby', KEYS[1], ARGV[2], 1);
    local key = KEYS[2] .. ':' .. ind;
    redis.call('set', key, 1);
    redis.call('pexpire', key, ARGV[1]);
    local remainTime = redis.call('pttl', KEYS[1]);
    redis.call('pexpire', KEYS[1], math.max(remainTime, ARGV[1]));
    if ind == 1 then
        return {1, newFence(KEYS[3], ARGV[4])};
    end;
    return {2, ind};
end;
return {0, redis.call('pttl', KEYS[1])};
)lua";

// Redisson's RedissonReadLock.unlockInnerAsync, after modeLua and goneUnlockLua. KEYS: name,
// channel, timeout prefix, key prefix. ARGV: `0`, reader field.
constexpr const char* unlockBody = R"lua(
local lockExists = redis.call('hexists', KEYS[1], ARGV[2]);
if (lockExists == 0) then
    return nil;
end;
local counter = redis.call('hincrby', KEYS[1], ARGV[2], -1);
if (counter == 0) then
    redis.call('hdel', KEYS[1], ARGV[2]);
end;
redis.call('del', KEYS[3] .. ':' .. (counter + 1));
if (redis.call('hlen', KEYS[1]) > 1) then
    local maxRemainTime = -3;
    local keys = redis.call('hkeys', KEYS[1]);
    for n, key in ipairs(keys) do
        counter = tonumber(redis.call('hget', KEYS[1], key));
        if type(counter) == 'number' then
            for i = counter, 1, -1 do
                local remainTime = redis.call('pttl', KEYS[4] .. ':' .. key .. ':rwlock_timeout:' .. i);
                maxRemainTime = math.max(remainTime, maxRemainTime);
            end;
        end;
    end;
    if maxRemainTime > 0 then
        redis.call('pexpire', KEYS[1], maxRemainTime);
        return 0;
    end;
    if mode == 'write' then
        return 0;
    end;
end;
redis.call('del', KEYS[1]);
redis.call('publish', KEYS[2], ARGV[1]);
return 1;
)lua";

// Redisson's RedissonReadLock.renewExpirationAsync: while this reader holds, extend the hash
// and every read hold's timeout key. KEYS: name, key prefix. ARGV: lease ms, reader field.
constexpr const char* renewScript = R"lua(
local counter = redis.call('hget', KEYS[1], ARGV[2]);
if (counter ~= false) then
    redis.call('pexpire', KEYS[1], ARGV[1]);
    if (redis.call('hlen', KEYS[1]) > 1) then
        local keys = redis.call('hkeys', KEYS[1]);
        for n, key in ipairs(keys) do
            counter = tonumber(redis.call('hget', KEYS[1], key));
            if type(counter) == 'number' then
                for i = counter, 1, -1 do
                    redis.call('pexpire', KEYS[2] .. ':' .. key .. ':rwlock_timeout:' .. i, ARGV[1]);
                end;
            end;
        end;
    end;
    return 1;
end;
return 0;
)lua";

} // namespace

ReadLock::~ReadLock()
{
    releaseRemainingHold();
}

Result<UnlockSubscriber::Attempt> ReadLock::tryAcquireOnce(std::chrono::milliseconds lease)
{
    static const LuaScript script(std::string(newFenceLua) + modeLua + acquireBody);
    return decodeAttempt(runScript(script,
        {name(), LockKeyNames::readTimeoutPrefix(name(), holderField()), LockKeyNames::fenceCounter(name())},
        {std::to_string(lease.count()), holderField(), holderField() + ":write", fencingArgument()}));
}

Result<RedisReply> ReadLock::runUnlock(std::chrono::milliseconds)
{
    static const LuaScript script(std::string(modeLua) + goneUnlockLua + unlockBody);
    return runScript(script,
        {name(), LockKeyNames::readWriteChannel(name()),
            LockKeyNames::readTimeoutPrefix(name(), holderField()), LockKeyNames::hashTagged(name())},
        {"0", holderField()});
}

RedisCommand ReadLock::renewalCommand(std::chrono::milliseconds lease) const
{
    return LuaScript::eval(renewScript, {name(), LockKeyNames::hashTagged(name())},
        {std::to_string(lease.count()), holderField()});
}

} // namespace lockscope
