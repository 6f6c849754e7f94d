#pragma once

#include "locks/RandomTokenLock.h"
#include "locks/primitives/Fencing.h"
#include "locks/primitives/LuaScript.h"
#include "redis/RedisConnection.h"

#include <memory>

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
//
// Waiting is fair among LockScope clients without touching that format: a waiter joins a line,
// `lockscope:queue:{<name>}` (a ZSET of tokens scored by arrival, server time in us), registered
// as alive in `lockscope:waiters:{<name>}` (WaiterRegistry's key and meaning); only the first
// live waiter in line may take the free lock, and a release wakes it at once by pushing to its
// own list `lockscope:wake:{<name>}:<token>`, which it waits on with BLPOP (50 ms at a time, so
// that an expiry or another library's release is noticed too). Its next attempt is sent behind
// the BLPOP on the same connection, so the server makes it the moment the wait ends: a handoff
// costs the release, the wake-up and one reply, no extra round trip. A releaser that woke someone
// queues behind them next time instead of taking the lock straight back, which is what made
// this kind unfair (Jain 0.25 with 16 clients). With nobody waiting an acquire is the plain
// SET NX (fenced: in its MULTI/EXEC). Clients of other libraries ignore the line: they can
// still take a free lock, as before; a waiter that dies drops out of the line once its
// registration goes stale (1 s after its last look).
class TokenLock final : public RandomTokenLock
{
public:
    // Fencing::Off acquires with a plain SET NX PX and no counter (see Fencing.h).
    using Fencing = lockscope::Fencing;

    // The connection must not be used by another thread while this lock uses it.
    TokenLock(std::shared_ptr<RedisConnection> connection, std::string name, Fencing fencing = Fencing::On);

    LockAlgorithm kind() const override { return LockAlgorithm::Token; }

    Result<AcquireResult> acquire(const AcquireOptions& options) override;
    Result<HoldOutcome> release() override;
    Result<HoldOutcome> extend(std::chrono::milliseconds lease) override;
    Result<bool> isHeld() override;
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
    // fair acquire: KEYS name, fence counter, waiters, queue; ARGV token, lease ms, fenced (1|0),
    // join (1|0: stay in line when not acquired) -> {1, fence or -1, others in line} when
    // acquired, {0, pttl} when not.
    static const LuaScript& fairAcquireScript();
    // fair release: KEYS name, waiters, queue; ARGV token, wake-key prefix -> 0 not ours,
    // 1 deleted, 2 deleted and the first live waiter woken.
    static const LuaScript& fairReleaseScript();
    static std::string queueKeyFor(const std::string& name);
    static std::string wakeKeyFor(const std::string& name, const std::string& token);

private:
    Result<bool> tryOnce(std::chrono::milliseconds lease);
    Result<bool> tryOnceUnfenced(std::chrono::milliseconds lease);
    // One attempt through the line (fairAcquireScript); `join` keeps this waiter in line.
    Result<bool> tryInLine(std::chrono::milliseconds lease, bool join);
    // Waits for a wake-up (or `slice`) on this waiter's list, then attempts (staying in line),
    // pipelined: the server attempts the moment the wait ends. Returns the attempt's reply
    // (takeAttempt reads it; this touches no state, it runs without the mutex).
    Result<RedisReply> awaitTurnThenAttempt(
        std::chrono::milliseconds slice, std::chrono::milliseconds lease) const;
    // Reads a fairAcquireScript reply; takes the hold when it says acquired.
    Result<bool> takeAttempt(const RedisReply& reply);
    // Leaves the line, the waiter registry and the wake-up list (on a timeout, a cancellation,
    // an error; an acquisition leaves them in its script).
    void leaveLine();
    void forgetHold();

    std::shared_ptr<RedisConnection> m_connection;
    std::string m_waitersKey;
    std::string m_queueKey;
    Fencing m_fencing;
    // MULTI, SET <name> <token> NX PX <lease>, INCR <fence key>, EXEC; unfenced, the SET alone.
    std::vector<RedisCommand> m_acquireBatch;
    std::vector<RedisReply> m_acquireReplies; // kept: its capacity serves every attempt
    // EVALSHA <sha> 3 <name> <waiters> <queue> <token> <wake prefix>
    RedisCommand m_releaseCall;
    static constexpr size_t releaseTokenIndex = 6;
    // Others were in line when this object last looked (its release woke one, or its acquire
    // left some behind): acquire through the line, never with the plain SET NX that barges.
    bool m_othersWaiting = false;
};

} // namespace lockscope
