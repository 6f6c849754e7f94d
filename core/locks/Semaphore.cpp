#include "locks/Semaphore.h"

#include "locks/LockKeyNames.h"
#include "locks/primitives/LuaScript.h"
#include "locks/waiting/WaiterRegistry.h"
#include "redis/LazyConnection.h"
#include "redis/ServerCapabilities.h"

#include <algorithm>
#include <cstdio>

namespace lockscope {

namespace {
using Clock = std::chrono::steady_clock;

// How long one BLMOVE blocks before the cancellation token and the registry are looked at.
constexpr std::chrono::milliseconds blockSlice {250};

// Every script gets all keys, in this order:
// KEYS[1] permits, [2] free, [3] taken, [4] leases, [5] holders, [6] unleased, [7] seq, [8] fence.
constexpr const char* serverNow = R"lua(
local t = redis.call('time');
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000);
)lua";

// Creates the semaphore if needed, then returns expired and orphaned permits.
// ARGV: permits, grace ms. Replies {-1, existing permits} on a mismatch, else
// {permits returned, ms until the next lease or grace period runs out (-1: none)}.
constexpr const char* reclaimBody = R"lua(
local permits = tonumber(ARGV[1]);
local grace = tonumber(ARGV[2]);
local current = redis.call('get', KEYS[1]);
if current == false then
    redis.call('del', KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]);
    redis.call('set', KEYS[1], permits);
    for i = 1, permits do
        redis.call('rpush', KEYS[2], redis.call('incr', KEYS[7]));
    end;
elseif tonumber(current) ~= permits then
    return {-1, tonumber(current) or -1};
end;
local reclaimed = 0;
-- Tokens deleted from outside (a BLMOVE is atomic, so inside a script the lists add up to N).
for i = redis.call('llen', KEYS[2]) + redis.call('llen', KEYS[3]) + 1, permits do
    redis.call('rpush', KEYS[2], redis.call('incr', KEYS[7]));
    reclaimed = reclaimed + 1;
end;
local expired = redis.call('zrangebyscore', KEYS[4], '-inf', now);
for _, token in ipairs(expired) do
    redis.call('zrem', KEYS[4], token);
    redis.call('hdel', KEYS[5], token);
    if redis.call('lrem', KEYS[3], 1, token) > 0 then
        redis.call('rpush', KEYS[2], redis.call('incr', KEYS[7]));
        reclaimed = reclaimed + 1;
    end;
end;
local nextCheck = -1;
local taken = redis.call('lrange', KEYS[3], 0, -1);
for _, token in ipairs(taken) do
    if redis.call('zscore', KEYS[4], token) == false then
        local seen = redis.call('zscore', KEYS[6], token);
        if seen == false then
            redis.call('zadd', KEYS[6], now, token);
            seen = now;
        end;
        seen = tonumber(seen);
        if seen + grace <= now then
            redis.call('zrem', KEYS[6], token);
            redis.call('lrem', KEYS[3], 1, token);
            redis.call('rpush', KEYS[2], redis.call('incr', KEYS[7]));
            reclaimed = reclaimed + 1;
        elseif nextCheck < 0 or seen + grace - now < nextCheck then
            nextCheck = seen + grace - now;
        end;
    end;
end;
local earliest = redis.call('zrange', KEYS[4], 0, 0, 'WITHSCORES');
if #earliest == 2 then
    local untilExpiry = math.max(tonumber(earliest[2]) - now, 0) + 1;
    if nextCheck < 0 or untilExpiry < nextCheck then
        nextCheck = untilExpiry;
    end;
end;
return {reclaimed, nextCheck};
)lua";

// Step two: the lease. ARGV: token, holder, lease ms. Replies the fence, or 0 when the token
// is no longer ours to lease (reclaimed meanwhile).
constexpr const char* leaseBody = R"lua(
if redis.call('lpos', KEYS[3], ARGV[1]) == false then return 0; end;
if redis.call('hexists', KEYS[5], ARGV[1]) == 1 then return 0; end;
redis.call('zadd', KEYS[4], now + tonumber(ARGV[3]), ARGV[1]);
redis.call('hset', KEYS[5], ARGV[1], ARGV[2]);
redis.call('zrem', KEYS[6], ARGV[1]);
return redis.call('incr', KEYS[8]);
)lua";

// ARGV: token, holder, lease ms. Replies 1 while the lease is ours and running, else 0.
constexpr const char* renewBody = R"lua(
if redis.call('hget', KEYS[5], ARGV[1]) ~= ARGV[2] then return 0; end;
local deadline = tonumber(redis.call('zscore', KEYS[4], ARGV[1]) or 0);
if deadline <= now then return 0; end;
redis.call('zadd', KEYS[4], now + tonumber(ARGV[3]), ARGV[1]);
return 1;
)lua";

// ARGV: token, holder. Replies 1 while the lease is ours and running, else 0.
constexpr const char* checkBody = R"lua(
if redis.call('hget', KEYS[5], ARGV[1]) ~= ARGV[2] then return 0; end;
local deadline = tonumber(redis.call('zscore', KEYS[4], ARGV[1]) or 0);
if deadline <= now then return 0; end;
return 1;
)lua";

// ARGV: token, holder. Replies 1 released, 2 released but the lease had run out (lost), 0 not
// ours any more (reclaimed).
constexpr const char* releaseBody = R"lua(
if redis.call('hget', KEYS[5], ARGV[1]) ~= ARGV[2] then return 0; end;
local deadline = tonumber(redis.call('zscore', KEYS[4], ARGV[1]) or 0);
redis.call('zrem', KEYS[4], ARGV[1]);
redis.call('hdel', KEYS[5], ARGV[1]);
if redis.call('lrem', KEYS[3], 1, ARGV[1]) > 0 then
    redis.call('rpush', KEYS[2], redis.call('incr', KEYS[7]));
end;
if deadline <= now then return 2; end;
return 1;
)lua";

std::string withNow(const char* body)
{
    return std::string(serverNow) + body;
}

std::string seconds(std::chrono::milliseconds duration)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", static_cast<double>(duration.count()) / 1000.0);
    return text;
}
} // namespace

Semaphore::Semaphore(ConnectionOptions options, std::string name, int permits, HolderIdentity identity,
    std::shared_ptr<LockWatchdog> watchdog, std::chrono::milliseconds unleasedGrace)
    : m_options(std::move(options))
    , m_name(std::move(name))
    , m_permits(permits)
    , m_identity(std::move(identity))
    , m_unleasedGrace(unleasedGrace)
    , m_renewal(std::move(watchdog))
{
}

Semaphore::~Semaphore()
{
    if (m_token)
        (void)release();
    endHold();
}

std::string Semaphore::keyFor(const std::string& name, std::string_view part)
{
    return LockKeyNames::lockscopeSemaphore(name, part);
}

std::vector<std::string> Semaphore::keys() const
{
    return {keyFor(m_name, "permits"), keyFor(m_name, "free"), keyFor(m_name, "taken"),
        keyFor(m_name, "leases"), keyFor(m_name, "holders"), keyFor(m_name, "unleased"),
        keyFor(m_name, "seq"), keyFor(m_name, "fence")};
}

Result<RedisConnection*> Semaphore::connection()
{
    return LazyConnection::in(m_connection, m_options);
}

Result<Semaphore::Reclaimed> Semaphore::runReclaim()
{
    auto conn = connection();
    if (!conn)
        return conn.error();
    auto reply = (*conn)->command(LuaScript::eval(
        withNow(reclaimBody), keys(), {std::to_string(m_permits), std::to_string(m_unleasedGrace.count())}));
    if (!reply)
        return reply.error();
    const auto first = reply->at(0).toInteger();
    const auto second = reply->at(1).toInteger();
    if (!reply->isArray() || reply->size() != 2 || !first || !second)
        return makeError(
            ErrorKind::Protocol, "unexpected reply to the semaphore reclaim: " + reply->describe());
    if (*first < 0)
        return makeError(ErrorKind::Usage,
            "semaphore " + m_name + " has " + std::to_string(*second) + " permits, not "
                + std::to_string(m_permits));
    return Reclaimed {*first, std::chrono::milliseconds(*second)};
}

Result<long long> Semaphore::reclaim()
{
    auto reclaimed = runReclaim();
    if (!reclaimed)
        return reclaimed.error();
    return reclaimed->permits;
}

Result<std::optional<std::string>> Semaphore::takeToken(std::optional<std::chrono::milliseconds> block)
{
    auto conn = connection();
    if (!conn)
        return conn.error();
    auto capabilities = ServerCapabilities::of(**conn);
    if (!capabilities)
        return capabilities.error();
    const auto free = keyFor(m_name, "free");
    const auto taken = keyFor(m_name, "taken");
    // Servers without LMOVE (Redis 6.0) move with RPOPLPUSH: the same atomic step between the same
    // lists, only from the other ends. Which end a token leaves `free` by or enters `taken` at
    // does not matter (tokens are interchangeable, the reclaim finds them anywhere in `taken`),
    // and blocked takers are still woken longest-waiting first.
    RedisCommand move;
    if (capabilities->has(ServerFeature::ListMove))
        move = block ? RedisCommand {"BLMOVE", free, taken, "LEFT", "RIGHT", seconds(*block)}
                     : RedisCommand {"LMOVE", free, taken, "LEFT", "RIGHT"};
    else if (capabilities->has(ServerFeature::PopPush))
        move = block ? RedisCommand {"BRPOPLPUSH", free, taken, seconds(*block)}
                     : RedisCommand {"RPOPLPUSH", free, taken};
    else
        return ServerCapabilities::missing(ServerFeature::ListMove, "the semaphore");
    Result<RedisReply> moved
        = block ? (*conn)->command(move, *block + m_options.commandTimeout) : (*conn)->command(move);
    if (!moved)
        return moved.error();
    if (moved->isNil())
        return std::optional<std::string> {};
    if (!moved->isString())
        return makeError(
            ErrorKind::Protocol, "unexpected reply to " + move.front() + ": " + moved->describe());
    return std::optional<std::string>(moved->text());
}

Result<long long> Semaphore::leaseToken(const std::string& token, std::chrono::milliseconds lease)
{
    auto conn = connection();
    if (!conn)
        return conn.error();
    auto leased = (*conn)->command(
        LuaScript::eval(withNow(leaseBody), keys(), {token, holderId(), std::to_string(lease.count())}));
    if (!leased)
        return leased.error();
    if (!leased->isInteger())
        return makeError(
            ErrorKind::Protocol, "unexpected reply to the semaphore lease: " + leased->describe());
    return leased->integer();
}

Result<AcquireResult> Semaphore::acquire(const AcquireOptions& options)
{
    if (m_token)
        return makeError(ErrorKind::Usage,
            "this object already holds a permit of " + m_name + " (semaphore permits do not re-enter)");
    if (options.lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    if (m_permits <= 0)
        return makeError(ErrorKind::Usage, "a semaphore needs at least one permit");
    const auto started = Clock::now();
    std::optional<Clock::time_point> deadline;
    if (options.wait)
        deadline = started + *options.wait;
    const bool mayBlock = !options.wait || options.wait->count() > 0;

    auto conn = connection();
    if (!conn)
        return conn.error();
    WaiterRegistry registry(**conn, m_name, holderId());
    AcquireResult result;
    auto finish = [&](AcquireOutcome outcome) -> Result<AcquireResult> {
        (void)registry.leave();
        result.outcome = outcome;
        result.waited = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
        return result;
    };

    for (;;) {
        auto reclaimed = runReclaim();
        if (!reclaimed)
            return reclaimed.error();
        std::optional<std::chrono::milliseconds> block;
        if (mayBlock) {
            auto slice = blockSlice;
            if (deadline)
                slice = std::min(
                    slice, std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now()));
            if (reclaimed->nextCheck.count() >= 0)
                slice = std::min(slice, reclaimed->nextCheck);
            block = std::max(slice, std::chrono::milliseconds(10));
        }
        auto token = takeToken(block);
        if (!token)
            return token.error();
        if (*token) {
            auto fence = leaseToken(**token, options.lease);
            if (!fence)
                return fence.error(); // the token stays in `taken`: a reclaim returns it
            if (*fence > 0) {
                {
                    std::lock_guard lock(m_probeMutex);
                    m_token = **token;
                }
                m_fence = *fence;
                m_renewal.forget();
                if (options.watchdog)
                    m_renewal.watch(m_options,
                        {LuaScript::eval(withNow(renewBody), keys(),
                             {*m_token, holderId(), std::to_string(options.lease.count())}),
                            options.lease, options.maxRenewals, nullptr});
                result.fence = m_fence;
                return finish(AcquireOutcome::Acquired);
            }
            continue; // reclaimed under our feet (we were slower than the grace period): again
        }
        if (!mayBlock)
            return finish(AcquireOutcome::TimedOut);
        if (options.cancel && options.cancel->isCancelled())
            return finish(AcquireOutcome::Cancelled);
        if (deadline && Clock::now() >= *deadline)
            return finish(AcquireOutcome::TimedOut);
        auto registered = registry.refreshIfDue();
        if (!registered)
            return registered.error();
    }
}

void Semaphore::endHold()
{
    m_renewal.end();
    {
        std::lock_guard lock(m_probeMutex);
        m_token.reset();
    }
    m_fence.reset();
}

Result<HoldOutcome> Semaphore::release()
{
    if (!m_token)
        return makeError(ErrorKind::Usage, "release() on " + m_name + " without a permit");
    auto conn = connection();
    if (!conn)
        return conn.error();
    auto released = (*conn)->command(LuaScript::eval(withNow(releaseBody), keys(), {*m_token, holderId()}));
    if (!released)
        return released.error();
    const auto answer = released->toInteger();
    if (!answer)
        return makeError(
            ErrorKind::Protocol, "unexpected reply to the semaphore release: " + released->describe());
    endHold();
    return *answer == 1 ? HoldOutcome::Done : HoldOutcome::Lost;
}

Result<HoldOutcome> Semaphore::extend(std::chrono::milliseconds lease)
{
    if (!m_token)
        return makeError(ErrorKind::Usage, "extend() on " + m_name + " without a permit");
    auto conn = connection();
    if (!conn)
        return conn.error();
    auto renewed = (*conn)->command(
        LuaScript::eval(withNow(renewBody), keys(), {*m_token, holderId(), std::to_string(lease.count())}));
    if (!renewed)
        return renewed.error();
    if (renewed->toInteger() != 1) {
        endHold();
        return HoldOutcome::Lost;
    }
    return HoldOutcome::Done;
}

Result<bool> Semaphore::isHeld()
{
    std::lock_guard lock(m_probeMutex);
    if (!m_token)
        return false;
    auto probe = LazyConnection::in(m_probe, m_options);
    if (!probe)
        return probe.error();
    auto checked = (*probe)->command(LuaScript::eval(withNow(checkBody), keys(), {*m_token, holderId()}));
    if (!checked)
        return checked.error();
    return checked->toInteger() == 1;
}

} // namespace lockscope
