#include "locks/TokenLock.h"

#include "locks/CompareAndDelete.h"
#include "locks/FencingCounter.h"
#include "locks/HolderToken.h"
#include "locks/PollingWait.h"
#include "locks/ReplicaConfirmation.h"

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

TokenLock::TokenLock(std::shared_ptr<RedisConnection> connection, std::string name, Fencing fencing)
    : m_connection(std::move(connection))
    , m_name(std::move(name))
    , m_fenceKey(FencingCounter::keyFor(m_name))
    , m_token(HolderToken::generate())
    , m_fencing(fencing)
    // Built once: each attempt only writes its token and lease into them (no allocation when
    // the new values fit where the old ones were).
    , m_acquireBatch {{"MULTI"}, {"SET", m_name, m_token, "NX", "PX", "0"}, {"INCR", m_fenceKey}, {"EXEC"}}
    , m_releaseCall(releaseScript().prepare({m_name}, {m_token}))
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

Result<AcquireResult> TokenLock::acquire(const AcquireOptions& options)
{
    if (m_holding)
        return makeError(ErrorKind::Usage, "token lock '" + m_name + "' is already held by this object");
    if (options.lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    WaiterRegistry registration(*m_connection, m_name, m_token);
    auto result = PollingWait::run(
        options, [&] { return tryOnce(options.lease); }, {&registration}, &m_mutex);
    if (result && result->acquired())
        result->fence = m_fence;
    return result;
}

Result<HoldOutcome> TokenLock::release()
{
    std::lock_guard guard(m_mutex);
    if (!m_holding)
        return HoldOutcome::Lost;
    auto capabilities = ServerCapabilities::of(*m_connection);
    if (!capabilities)
        return capabilities.error();
    // The server's own compare-and-delete where it has one (no script to run); else the script,
    // its command built once.
    auto native = CompareAndDelete::nativeCommand(*capabilities, m_name, m_token);
    m_releaseCall[releaseTokenIndex] = m_token;
    auto reply
        = native ? m_connection->command(*native) : releaseScript().runPrepared(*m_connection, m_releaseCall);
    if (!reply)
        return reply.error();
    const bool deleted = reply->isInteger() && reply->integer() == 1;
    forgetHold();
    return deleted ? HoldOutcome::Done : HoldOutcome::Lost;
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
