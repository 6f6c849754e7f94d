#include "locks/TokenLock.h"

#include "locks/LockKeyNames.h"
#include "locks/lease/ReplicaConfirmation.h"
#include "locks/primitives/CompareAndDelete.h"
#include "locks/primitives/HolderToken.h"
#include "locks/waiting/WaiterRegistry.h"

#include <algorithm>
#include <cstdio>

namespace lockscope {

const LuaScript& TokenLock::acquireScript()
{
    // SET NX spelled as EXISTS + SET inside one script, with the INCR in between: if the counter
    // is unusable (not an integer), the script fails before it has set anything, instead of
    // leaving a lock nobody knows it holds (Lua scripts do not roll back).
    static const LuaScript script(R"lua(
if redis.call('exists', KEYS[1]) == 1 then
  return false
end
local fence = redis.call('incr', KEYS[2])
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return fence
)lua");
    return script;
}

const LuaScript& TokenLock::releaseScript()
{
    return CompareAndDelete::script();
}

const LuaScript& TokenLock::extendScript()
{
    static const LuaScript script(R"lua(
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
)lua");
    return script;
}

namespace {

// How long a waiter waits on its wake-up list before it looks again by itself: the bound on
// noticing an expiry, another library's release, or a cancellation.
constexpr auto turnSlice = std::chrono::milliseconds(50);
// A waiter's registration is stale this long after its last attempt, and the line's keys vanish
// twice as long after the last one. A live waiter looks every turnSlice (20 times a second); a
// waiter that died first in line holds the lock up this long, so it is short: where clients die
// often (the soak kills one a second) a longer one would keep the line stalled most of the time.
constexpr long long staleAfterMs = 1000;

// The first live waiter in line (KEYS[waiters], KEYS[queue] as `w`, `q`), pruning dead ones.
constexpr const char* firstInLine = R"lua(
local function firstInLine(w, q, nowMs)
  for i = 1, 32 do
    local first = redis.call('zrange', q, 0, 0)[1]
    if not first then return nil end
    local alive = redis.call('zscore', w, first)
    if alive and tonumber(alive) >= nowMs then return first end
    redis.call('zrem', q, first)
  end
  return nil
end
)lua";

} // namespace

const LuaScript& TokenLock::fairAcquireScript()
{
    static const LuaScript script(std::string(firstInLine) + R"lua(
local t = redis.call('time')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local head = firstInLine(KEYS[3], KEYS[4], nowMs)
if redis.call('exists', KEYS[1]) == 0 and (head == nil or head == ARGV[1]) then
  local fence = -1
  if ARGV[3] == '1' then fence = redis.call('incr', KEYS[2]) end
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  redis.call('zrem', KEYS[4], ARGV[1])
  redis.call('zrem', KEYS[3], ARGV[1])
  return {1, fence, redis.call('zcard', KEYS[4])}
end
if ARGV[4] == '1' then
  -- Scores as strings: a Lua number would be printed with 14 digits and lose the microseconds.
  redis.call('zadd', KEYS[4], 'NX', t[1] .. string.format('%06d', tonumber(t[2])), ARGV[1])
  redis.call('zadd', KEYS[3], tostring(nowMs + )lua"
        + std::to_string(staleAfterMs) + R"lua(), ARGV[1])
  redis.call('pexpire', KEYS[4], )lua"
        + std::to_string(2 * staleAfterMs) + R"lua()
  redis.call('pexpire', KEYS[3], )lua"
        + std::to_string(2 * staleAfterMs) + R"lua()
end
return {0, redis.call('pttl', KEYS[1])}
)lua");
    return script;
}

const LuaScript& TokenLock::fairReleaseScript()
{
    // The wake-up list is not among KEYS: its name holds the waiter's token, known only here.
    // It shares the lock's hash tag, so it lives in the same cluster slot as the keys declared.
    static const LuaScript script(std::string(firstInLine) + R"lua(
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1])
-- Nobody in line (the common case): no clock needed.
if redis.call('exists', KEYS[3]) == 0 then return 1 end
local t = redis.call('time')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local head = firstInLine(KEYS[2], KEYS[3], nowMs)
if head == nil then return 1 end
local wake = ARGV[2] .. head
redis.call('rpush', wake, '1')
redis.call('pexpire', wake, 10000)
return 2
)lua");
    return script;
}

std::string TokenLock::queueKeyFor(const std::string& name)
{
    return LockKeyNames::lockscopeQueue(name);
}

std::string TokenLock::wakeKeyFor(const std::string& name, const std::string& token)
{
    return LockKeyNames::lockscopeWake(name, token);
}

TokenLock::TokenLock(std::shared_ptr<RedisConnection> connection, std::string name, Fencing fencing)
    : RandomTokenLock(std::move(name))
    , m_connection(std::move(connection))
    , m_waitersKey(WaiterRegistry::keyFor(m_name))
    , m_queueKey(queueKeyFor(m_name))
    , m_fencing(fencing)
    // Built once: each attempt only writes its token and lease into them (no allocation when
    // the new values fit where the old ones were).
    , m_acquireBatch {{"MULTI"}, {"SET", m_name, m_token, "NX", "PX", "0"}, {"INCR", m_fenceKey}, {"EXEC"}}
    , m_releaseCall(
          fairReleaseScript().prepare({m_name, m_waitersKey, m_queueKey}, {m_token, wakeKeyFor(m_name, "")}))
{
}

void TokenLock::forgetHold()
{
    m_holding = false;
    m_fence.reset();
    m_token = HolderToken::generate();
}

Result<bool> TokenLock::tryOnceUnfenced(std::chrono::milliseconds lease)
{
    RedisCommand& set = m_acquireBatch[1];
    set[2] = m_token;
    set[5] = std::to_string(lease.count());
    auto reply = m_connection->command(set);
    if (!reply)
        return reply.error();
    if (reply->isNil())
        return false;
    if (!reply->isStatus() || reply->text() != "OK")
        return makeError(ErrorKind::Protocol, "token lock acquire: SET returned " + reply->describe());
    m_holding = true;
    return true;
}

Result<bool> TokenLock::tryOnce(std::chrono::milliseconds lease)
{
    if (m_fencing == Fencing::Off)
        return tryOnceUnfenced(lease);
    // SET NX PX and the fence's INCR in one MULTI/EXEC, written in one piece: one round trip,
    // atomic (no holder can come between our SET and our INCR, so every hold's number is above
    // all earlier holds'), and cheaper for the server than a script. An attempt that finds the
    // lock held still takes a number; the numbers only need to grow, not to be consecutive.
    RedisCommand& set = m_acquireBatch[1];
    set[2] = m_token;
    set[5] = std::to_string(lease.count());
    std::vector<RedisReply>& replies = m_acquireReplies;
    auto sent = m_connection->pipeline(m_acquireBatch, replies);
    if (!sent)
        return sent.error();
    if (replies.size() != 4)
        return makeError(ErrorKind::Protocol, "token lock acquire: MULTI/EXEC answered out of step");
    // A command refused while queueing (out of memory, ACL) aborts the whole transaction.
    for (const RedisReply& reply : replies) {
        if (reply.isError())
            return RedisError::fromServerReply(reply.text());
    }
    const RedisReply& exec = replies[3];
    if (!exec.isArray() || exec.size() != 2)
        return makeError(ErrorKind::Protocol, "token lock acquire: EXEC returned " + exec.describe());
    const RedisReply& setReply = exec.at(0);
    const RedisReply& incr = exec.at(1);
    if (setReply.isNil())
        return false;
    if (!setReply.isStatus() || setReply.text() != "OK")
        return makeError(ErrorKind::Protocol, "token lock acquire: SET returned " + setReply.describe());
    if (!incr.isInteger()) {
        // The counter holds something that is not a number: the lock is ours but has no valid
        // fence. Handing it out unfenced would break the promise, so it is given back at once.
        (void)releaseScript().run(*m_connection, {m_name}, {m_token});
        m_token = HolderToken::generate();
        if (incr.isError()) {
            RedisError error = RedisError::fromServerReply(incr.text());
            error.message = "fencing counter '" + m_fenceKey + "' is unusable: " + error.message;
            return error;
        }
        return makeError(ErrorKind::Protocol, "token lock acquire: INCR returned " + incr.describe());
    }
    m_holding = true;
    m_fence = incr.integer();
    return true;
}

Result<bool> TokenLock::tryInLine(std::chrono::milliseconds lease, bool join)
{
    auto reply = fairAcquireScript().run(*m_connection, {m_name, m_fenceKey, m_waitersKey, m_queueKey},
        {m_token, std::to_string(lease.count()), m_fencing == Fencing::On ? "1" : "0", join ? "1" : "0"});
    if (!reply)
        return reply.error();
    return takeAttempt(*reply);
}

Result<bool> TokenLock::takeAttempt(const RedisReply& reply)
{
    if (reply.isError())
        return RedisError::fromServerReply(reply.text());
    if (!reply.isArray() || reply.size() < 2 || !reply.at(0).isInteger())
        return makeError(ErrorKind::Protocol, "token lock acquire: the script returned " + reply.describe());
    if (reply.at(0).integer() != 1)
        return false;
    if (reply.size() != 3 || !reply.at(1).isInteger() || !reply.at(2).isInteger())
        return makeError(ErrorKind::Protocol, "token lock acquire: the script returned " + reply.describe());
    m_holding = true;
    if (m_fencing == Fencing::On)
        m_fence = reply.at(1).integer();
    m_othersWaiting = reply.at(2).integer() > 0;
    return true;
}

Result<RedisReply> TokenLock::awaitTurnThenAttempt(
    std::chrono::milliseconds slice, std::chrono::milliseconds lease) const
{
    // BLPOP takes seconds with decimals (Redis 6.0 and later). Never under 10 ms: Redis 6.0 turns
    // the seconds into whole milliseconds by truncation, so "0.001" can become 0, which blocks
    // forever (the waiter then stalls until the command timeout); the last slice of a wait may
    // run those few milliseconds over instead.
    char timeout[32];
    std::snprintf(timeout, sizeof timeout, "%.3f", double(std::max<long long>(10, slice.count())) / 1000.0);
    // The attempt is sent behind the BLPOP on the same connection: the server runs it the moment
    // the wait ends (a release's wake-up, or the slice), so a handoff costs no round trip and no
    // wake-up of this thread between the two. (The same attempt the loop would make next.)
    const RedisCommand attempt = fairAcquireScript().prepare({m_name, m_fenceKey, m_waitersKey, m_queueKey},
        {m_token, std::to_string(lease.count()), m_fencing == Fencing::On ? "1" : "0", "1"});
    auto replies = m_connection->pipeline({{"BLPOP", wakeKeyFor(m_name, m_token), timeout}, attempt});
    if (!replies)
        return replies.error();
    if (replies->size() != 2)
        return makeError(ErrorKind::Protocol, "token lock wait: BLPOP and the attempt answered out of step");
    // A failed wait (a wake-up key of the wrong type) ends the waiting, unless the attempt behind
    // it took the lock: that hold is ours, and is handed out rather than left to expire.
    const RedisReply& attempted = replies->at(1);
    const bool acquired = attempted.isArray() && attempted.size() > 0 && attempted.at(0).isInteger()
        && attempted.at(0).integer() == 1;
    if (replies->at(0).isError() && !acquired)
        return RedisError::fromServerReply(replies->at(0).text());
    return std::move(replies->at(1));
}

void TokenLock::leaveLine()
{
    // Best effort: a line entry left behind goes stale with its registration.
    (void)m_connection->pipeline({{"ZREM", m_queueKey, m_token}, {"ZREM", m_waitersKey, m_token},
        {"DEL", wakeKeyFor(m_name, m_token)}});
}

Result<AcquireResult> TokenLock::acquire(const AcquireOptions& options)
{
    if (m_holding)
        return makeError(ErrorKind::Usage, "token lock '" + m_name + "' is already held by this object");
    if (options.lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    using Clock = std::chrono::steady_clock;
    const auto started = Clock::now();
    std::optional<Clock::time_point> deadline;
    if (options.wait)
        deadline = started + *options.wait;
    auto ended = [&](AcquireOutcome outcome) {
        AcquireResult result;
        result.outcome = outcome;
        result.waited = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
        if (outcome == AcquireOutcome::Acquired)
            result.fence = m_fence;
        return result;
    };
    std::unique_lock guard(m_mutex);
    // Nobody in line when this object last looked: the plain attempt, as cheap as it gets.
    if (!m_othersWaiting) {
        auto first = tryOnce(options.lease);
        if (!first)
            return first.error();
        if (*first)
            return ended(AcquireOutcome::Acquired);
    }
    const bool tryOnly = options.wait && options.wait->count() == 0;
    bool inLine = false;
    auto leaving = [&](AcquireOutcome outcome) {
        if (inLine)
            leaveLine();
        return ended(outcome);
    };
    if (options.cancel && options.cancel->isCancelled())
        return ended(AcquireOutcome::Cancelled);
    // The first attempt joins the line; each later one rides behind a wait (awaitTurnThenAttempt).
    Result<bool> attempt = tryInLine(options.lease, !tryOnly);
    for (;;) {
        if (!attempt) {
            if (inLine)
                leaveLine();
            return attempt.error();
        }
        if (*attempt)
            return ended(AcquireOutcome::Acquired); // the script took it out of the line
        inLine = !tryOnly;
        if (options.cancel && options.cancel->isCancelled())
            return leaving(AcquireOutcome::Cancelled);
        const auto now = Clock::now();
        if (tryOnly || (deadline && now >= *deadline))
            return leaving(AcquireOutcome::TimedOut);
        auto slice = std::chrono::milliseconds(turnSlice);
        if (deadline)
            slice = std::min(slice, std::chrono::ceil<std::chrono::milliseconds>(*deadline - now));
        // The guard is released while waiting: isHeld() from another thread must not wait on
        // this BLPOP (it answers false without Redis while nothing is held).
        guard.unlock();
        auto attempted = awaitTurnThenAttempt(slice, options.lease);
        guard.lock();
        if (!attempted)
            attempt = attempted.error();
        else if (attempted->isError() && LuaScript::isNoScript(attempted->text()))
            attempt = tryInLine(options.lease, true); // the server lost its scripts: in full
        else
            attempt = takeAttempt(*attempted);
        // One last attempt happens at the deadline itself: a lock freed during the final wait
        // is still taken.
    }
}

Result<HoldOutcome> TokenLock::release()
{
    std::lock_guard guard(m_mutex);
    if (!m_holding)
        return HoldOutcome::Lost;
    // Compare-and-delete, and wake the first in line, in one script (its command built once):
    // the server's own DELIFEQ could not wake anyone.
    m_releaseCall[releaseTokenIndex] = m_token;
    auto reply = fairReleaseScript().runPrepared(*m_connection, m_releaseCall);
    if (!reply)
        return reply.error();
    if (reply->isError())
        return RedisError::fromServerReply(reply->text());
    const long long answer = reply->isInteger() ? reply->integer() : 0;
    m_othersWaiting = answer == 2;
    forgetHold();
    return answer >= 1 ? HoldOutcome::Done : HoldOutcome::Lost;
}

Result<HoldOutcome> TokenLock::extend(std::chrono::milliseconds lease)
{
    std::lock_guard guard(m_mutex);
    if (!m_holding)
        return HoldOutcome::Lost;
    if (lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    auto reply = extendScript().run(*m_connection, {m_name}, {m_token, std::to_string(lease.count())});
    if (!reply)
        return reply.error();
    if (reply->isInteger() && reply->integer() == 1)
        return HoldOutcome::Done;
    forgetHold();
    return HoldOutcome::Lost;
}

Result<bool> TokenLock::isHeld()
{
    std::lock_guard guard(m_mutex);
    if (!m_holding)
        return false;
    auto reply = m_connection->command({"GET", m_name});
    if (!reply)
        return reply.error();
    return reply->isString() && reply->text() == m_token;
}

Result<long long> TokenLock::confirmReplicas(int replicas, std::chrono::milliseconds timeout)
{
    return ReplicaConfirmation::wait(*m_connection, replicas, timeout);
}

} // namespace lockscope
