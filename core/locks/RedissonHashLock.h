#pragma once

#include "locks/DistributedLock.h"
#include "locks/lease/HoldRenewal.h"
#include "locks/primitives/Fencing.h"
#include "locks/primitives/HolderIdentity.h"
#include "locks/primitives/LuaScript.h"
#include "locks/waiting/HandoffDesk.h"
#include "locks/waiting/LocalWaitLine.h"
#include "locks/waiting/UnlockSubscriber.h"
#include "redis/RedisConnection.h"

#include <memory>
#include <mutex>
#include <string>

namespace lockscope {

class WaiterRegistry;

// What the Redisson-format locks (reentrant, fair, read, write) share: a hash keyed by the lock
// name whose fields are holders, re-entry counted inside one hold, waiting on an unlock channel
// (UnlockSubscriber), renewal by a LockWatchdog, waiter registration. A subclass supplies the
// scripts of its kind.
//
// Fairness: like Redisson, waiters race for the lock on each unlock notice (unfair). One
// deliberate difference, under contention only: a release whose unlock notice reached
// subscribers (the unlock script says how many) makes this object's next acquire() within
// courtesyWindow skip its immediate try and wait for the next notice, or the window's end, as
// a waiter. So a client that loops release -> acquire does not grab the lock back ahead of
// the waiter it just woke (barging), which starved every waiter in the stress benchmark.
// A try-once acquire (wait = 0) is never held back.
//
// In-process handoff (kinds that say handsOffLocally()): a release that ends the hold while a
// waiter of this process is ready at its HandoffDesk gives the lock to that waiter in the
// unlock script itself (the waiter's field, count 1, its lease, a new fence, its registry
// entry gone) and publishes the fence on the waiter's grant channel instead of the unlock
// notice; the waiter's wait ends on that message. The kind's script decides whether a
// candidate may take it (the fair lock: only its queue's head; the reentrant lock: bounded
// when other processes wait, see ReentrantLock).
//
// Fencing (Fencing.h): on, a hold that starts INCRs `redisson_lock_token:{<name>}` (RFencedLock's
// counter) in the same script and that number is its fence; off, the scripts leave that key
// alone, as Redisson's RLock, RFairLock and RReadWriteLock do, and holds have no fence. Each
// script is told by an argument; a handoff only goes between lock objects of the same setting
// (their HandoffDesk is per setting), so a fenced waiter always gets a fence.
//
// Connections: a command connection (opened on first use) and, while waiting, the
// subscription connection of its UnlockSubscriber. The watchdog is shared (LockWatchdog::
// sharedFor the same server) unless one is passed in.
class RedissonHashLock : public DistributedLock
{
public:
    ~RedissonHashLock() override; // releases a hold still held, best effort

    const std::string& name() const override { return m_name; }
    std::string holderId() const override { return holderField(); }

    Result<AcquireResult> acquire(const AcquireOptions& options) override;
    Result<HoldOutcome> release() override;
    Result<HoldOutcome> extend(std::chrono::milliseconds lease) override;
    // Safe from any thread (a monitor asking while the owner waits): it has its own connection.
    Result<bool> isHeld() override;
    Result<long long> confirmReplicas(int replicas, std::chrono::milliseconds timeout) override;
    std::optional<long long> fence() const override { return m_fence; }
    bool renewalFailed() const override { return m_renewal.failed(); }

    // Called on the watchdog's thread when it stops renewing the current hold.
    void setRenewalHandler(RenewalState::Handler handler) { m_renewal.setHandler(std::move(handler)); }
    // The watchdog's view of the current hold (null without a watchdog).
    std::shared_ptr<const RenewalState> renewalState() const { return m_renewal.state(); }
    // Re-entries of the current hold as this object counts them (0: not held).
    int holdCount() const { return m_count; }
    const HolderIdentity& identity() const { return m_identity; }
    // Waiters of this lock in this process that a release would hand the lock to now (0 for
    // kinds without in-process handoff): for tests and diagnostics.
    size_t localWaitersReadyForHandoff() { return handsOffLocally() ? handoffDesk()->readyCount() : 0; }

protected:
    // How a kind's waiters wait and how its release hands over: data each kind gives once.
    struct Waiting
    {
        // A release may give the lock to a ready waiter of this process (the kind defines
        // runUnlockHandingOff).
        bool handsOffLocally = false;
        // The kind's acquire script removes the holder from the WaiterRegistry key itself
        // (saving the ZREM round trip between acquiring and returning).
        bool acquireLeavesRegistry = false;
        // This process's waiters of the lock queue up in a LocalWaitLine, so that only one of
        // them at a time waits at the Redis level (the kinds whose unlock notice goes to every
        // waiter; not the fair lock, whose notice goes to the head of its queue only).
        bool waitsInLocalLine = false;
    };

    RedissonHashLock(ConnectionOptions options, std::string name, HolderIdentity identity,
        std::shared_ptr<LockWatchdog> watchdog, Fencing fencing, Waiting waiting);

    using Attempt = UnlockSubscriber::Attempt;

    // The field that marks our hold (what isHeld() looks for): by default the identity's.
    virtual std::string holderField() const { return m_identity.field(); }
    // One acquisition attempt: the kind's acquire script.
    virtual Result<Attempt> tryAcquireOnce(std::chrono::milliseconds lease) = 0;
    // The kind's unlock script: 1 when the hash (or our hold) is gone, 0 when only decremented,
    // nil when the hold was not ours any more; or {1, subscribers the unlock notice reached}.
    // Kinds that hand off locally define runUnlockHandingOff instead (this calls it then).
    virtual Result<RedisReply> runUnlock(std::chrono::milliseconds lease)
    {
        return runUnlockHandingOff(lease, {}, 0);
    }
    // The unlock with in-process handoff, for kinds that say handsOffLocally(): like runUnlock,
    // and when the hold ends, it may give the lock to one of `candidates` (the ready waiters of
    // this process, in the order they started waiting); then it replies {3, candidate's
    // 1-based index, its fence (nil when unfenced)}. `streak`: handoffs in a row before this one.
    virtual Result<RedisReply> runUnlockHandingOff(
        std::chrono::milliseconds lease, const std::vector<HandoffDesk::Candidate>& candidates, int streak)
    {
        (void)lease;
        (void)candidates;
        (void)streak;
        return makeError(ErrorKind::Internal,
            "lock kind " + std::string(lockAlgorithmName(kind())) + " has no unlock script");
    }
    // Extends the hold by `lease`; replies 1 while it is ours, 0 otherwise. By default
    // Redisson's renewExpirationAsync: PEXPIRE the hash while our field is in it.
    virtual RedisCommand renewalCommand(std::chrono::milliseconds lease) const;
    virtual std::string waitChannel() const = 0;
    bool handsOffLocally() const { return m_waiting.handsOffLocally; }
    // Called after a wait ended without the lock (the fair lock leaves its queue here).
    virtual Status abandonWait() { return Done {}; }
    bool acquireLeavesRegistry() const { return m_waiting.acquireLeavesRegistry; }
    bool waitsInLocalLine() const { return m_waiting.waitsInLocalLine; }

    // Ready local waiters a release offers to its unlock script: the first in line, and one
    // more for the fair lock in case a refresh reordered its queue. More only cost time on the
    // handoff path (each is copied, sent and compared).
    static constexpr size_t handoffCandidates = 2;
    // How long after a release that woke waiters this object defers to them (see above).
    static constexpr std::chrono::milliseconds courtesyWindow {5};

    // Decodes the {status, value} reply of LockScope's acquire scripts: {1, fence} started a
    // hold (fence nil when unfenced), {2, count} re-entered, {0, pttl} held by someone else.
    static Result<Attempt> decodeAttempt(const Result<RedisReply>& reply);

    Result<RedisConnection*> connection();
    // Runs one of the kind's scripts on the command connection.
    Result<RedisReply> runScript(
        const LuaScript& script, const std::vector<std::string>& keys, const std::vector<std::string>& args);
    // The same for an unlock that hands the lock to a waiter of this process, whose thread
    // should get the news before ours gets the reply; see the definition.
    Result<RedisReply> runHandingOverScript(
        const LuaScript& script, const std::vector<std::string>& keys, const std::vector<std::string>& args);
    // The flag argument the scripts pass to newFence: `1` fenced, `0` not.
    std::string fencingArgument() const { return m_fencing == Fencing::On ? "1" : "0"; }
    // For subclass destructors: releases every re-entry still held, ignoring errors (a hold
    // that cannot be released expires after its lease).
    void releaseRemainingHold();

    // newFenceLua defines newFence(fence counter key, fencing argument): with `1`, INCRs the
    // counter and returns the new fence; otherwise touches nothing and returns false (a nil
    // in the reply). Every script that starts holds begins with it.
    static const char* const newFenceLua;
    // Lua shared by the unlock scripts of the kinds that hand off (put together in this order,
    // after newFenceLua): handOverLua defines handOver(field, lease ms, grant channel, waiter
    // registry key, fence counter key, fencing argument): `field` holds KEYS[1] (count 1,
    // PEXPIRE lease), leaves the registry, and the new fence (newFence) is published on the
    // grant channel (an empty message when unfenced) and returned. endOwnHoldLua (KEYS[1]
    // name, ARGV[2] lease ms, ARGV[3] field) returns nil when the hold is not ours, 0 when only
    // a re-entry ended (PEXPIRE lease), and goes on with the hash deleted when the hold ended.
    static const char* const handOverLua;
    static const char* const endOwnHoldLua;
    // The ARGV tail that tells an unlock script the candidates: field, lease ms, grant channel
    // for each.
    static std::vector<std::string> candidateArguments(const std::vector<HandoffDesk::Candidate>& candidates);

private:
    void endHold();
    std::shared_ptr<HandoffDesk> handoffDesk();
    // The wait at the Redis level (UnlockSubscriber), as a seat at the HandoffDesk for kinds
    // that hand off locally. `turn`: the LocalWaitLine turn, kept in m_handedTurn when the wait
    // ends with a handoff.
    Result<UnlockSubscriber::Ending> waitSubscribed(const AcquireOptions& options,
        std::optional<std::chrono::steady_clock::time_point> deadline,
        std::optional<std::chrono::steady_clock::time_point> holdOff, WaiterRegistry& registry,
        std::unique_ptr<LocalWaitLine::Turn>& turn);
    // After the giver's script failed, the grant is unknown: the hash says whether we hold it.
    Result<Attempt> claimUnknownGrant();
    // What a wait learned from the desk when it stopped: a hold handed to it, if any.
    Result<Attempt> resolveGrant(const HandoffDesk::Grant& grant);

    ConnectionOptions m_options;
    std::string m_name;
    HolderIdentity m_identity;
    Fencing m_fencing;
    Waiting m_waiting;
    std::unique_ptr<RedisConnection> m_connection;
    UnlockSubscriber m_subscriber;
    std::shared_ptr<LocalWaitLine> m_waitLine; // on first use, when waitsInLocalLine()
    std::shared_ptr<HandoffDesk> m_desk; // on first use, when handsOffLocally()
    // The LocalWaitLine turn of a wait that ended with a handoff: the giver moves the line on
    // (HandoffDesk::Candidate::onGranted), so the new holder does not pay for waking the next
    // waiter on its way out of acquire() (the thread it wakes often preempts it right there).
    // Kept until our release() only in case the giver has not done it yet.
    std::unique_ptr<LocalWaitLine::Turn> m_handedTurn;
    std::mutex m_probeMutex;
    std::unique_ptr<RedisConnection> m_probe; // isHeld() only, under m_probeMutex

    int m_count = 0;
    std::chrono::milliseconds m_lease {0};
    std::optional<long long> m_fence;
    HoldRenewal m_renewal;
    // Set by a release that woke waiters: until then, acquire() lets them go first.
    std::optional<std::chrono::steady_clock::time_point> m_courtesyUntil;
};

} // namespace lockscope
