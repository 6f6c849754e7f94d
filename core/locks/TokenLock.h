#pragma once

#include "locks/DistributedLock.h"
#include "locks/Fencing.h"
#include "locks/LuaScript.h"
#include "redis/RedisConnection.h"

#include <memory>
#include <mutex>

namespace lockscope {

// The `token` kind: the pattern of Redis's SET page and the format of redis-py's Lock and
// node-redlock, so those clients and LockScope exclude each other on the same name:
//   acquire  SET <name> <token> NX PX <lease>   (in a MULTI/EXEC that also INCRs the fence)
//   release  delete only if the value is still our token   (compare-and-delete)
//   extend   PEXPIRE only if the value is still our token  (compare-and-pexpire)
// The token is 32 lowercase hex digits of 16 random bytes, new for every acquisition, so a
// late release of an old hold can never delete a newer one. The fencing counter is
// `lockscope:fence:{<name>}` (FencingCounter), incremented in the same transaction as the SET: every
// hold gets a number above all earlier holds', even across holders that crashed.
// The hold lasts `lease` unless extended; a holder that dies leaves it to expire.
class TokenLock final : public DistributedLock
{
public:
    static constexpr std::string_view kindName = "token";

    // Fencing::Off acquires with a plain SET NX PX and no counter (see Fencing.h).
    using Fencing = lockscope::Fencing;

    // The connection must not be used by another thread while this lock uses it.
    TokenLock(std::shared_ptr<RedisConnection> connection, std::string name, Fencing fencing = Fencing::On);

    std::string_view kind() const override { return kindName; }
    const std::string& name() const override { return m_name; }
    // The token of the current hold, or the one the next acquisition will write.
    std::string holderId() const override { return m_token; }

    Result<AcquireResult> acquire(const AcquireOptions& options) override;
    Result<HoldOutcome> release() override;
    Result<HoldOutcome> extend(std::chrono::milliseconds lease) override;
    Result<bool> isHeld() override;
    std::optional<long long> fence() const override { return m_fence; }
    Result<long long> confirmReplicas(int replicas, std::chrono::milliseconds timeout) override;

    // The scripts, shared with RedlockLock which runs them on every node.
    // acquire: KEYS name, fence counter; ARGV token, lease ms -> the new fence, or nil if held.
    // (Redlock's acquire; it leaves a corrupt counter's lock unset, where the single-master
    // acquire, a transaction, sets it and gives it back.)
    static const LuaScript& acquireScript();
    // release: KEYS name; ARGV token -> 1 deleted, 0 not ours.
    static const LuaScript& releaseScript();
    // extend: KEYS name; ARGV token, lease ms -> 1 extended, 0 not ours.
    static const LuaScript& extendScript();

private:
    Result<bool> tryOnce(std::chrono::milliseconds lease);
    Result<bool> tryOnceUnfenced(std::chrono::milliseconds lease);
    void forgetHold();

    std::shared_ptr<RedisConnection> m_connection;
    std::string m_name;
    std::string m_fenceKey;
    std::string m_token;
    Fencing m_fencing;
    // MULTI, SET <name> <token> NX PX <lease>, INCR <fence key>, EXEC; unfenced, the SET alone.
    std::vector<RedisCommand> m_acquireBatch;
    std::vector<RedisReply> m_acquireReplies; // kept: its capacity serves every attempt
    // EVALSHA <sha> 1 <name> <token>
    RedisCommand m_releaseCall;
    static constexpr size_t releaseTokenIndex = 4;
    bool m_holding = false;
    std::optional<long long> m_fence;
    // Serialises the connection's use: isHeld() may be asked from another thread.
    mutable std::mutex m_mutex;
};

} // namespace lockscope
