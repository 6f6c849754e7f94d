#pragma once

#include "locks/RedissonHashLock.h"

namespace lockscope {

// Kind `fair`: Redisson's RFairLock, wire-compatible: first come, first served.
//
// Redis format (as Redisson writes it):
// - the RLock hash `<name>` (field `<clientUUID>:<threadId>` -> count, PEXPIRE = lease);
// - LIST `redisson_lock_queue:{<name>}`: waiters' fields in arrival order;
// - ZSET `redisson_lock_timeout:{<name>}`: the same fields, score = absolute epoch-ms deadline
//   after which a waiter at the head counts as dead and is dropped (lazily, by the next
//   acquire or unlock script, as Redisson does); a joining waiter's deadline is the previous
//   waiter's (or the lock's expiry) plus threadWaitTime;
// - unlock publishes `0` only to the head waiter: `redisson_lock__channel:{<name>}:<field>`;
// - fencing: `redisson_lock_token:{<name>}`, INCR when a hold starts; not written at all with
//   Fencing::Off (as Redisson's RFairLock), and holds have no fence.
// Times are the server's (TIME), where Redisson passes its client clock.
//
// One LockScope addition, compatible with Redisson clients sharing the queue: a waiter that is
// alive re-runs the acquire script every threadWaitTime / 3 and pushes its own deadline to
// now + the lock's TTL + (its position + 1) x threadWaitTime. Redisson never refreshes a
// deadline, so a holder that keeps the lock longer than the waiters' deadlines drops live
// Redisson waiters to the back; LockScope waiters keep their place, and a dead one is still
// dropped once its last deadline passes.
//
// In-process handoff (RedissonHashLock): a release gives the lock straight to the head of the
// queue when that head is a ready waiter of this process, in the unlock script; any other
// head (another process, a Redisson client) gets the unlock notice as before. So the order of
// the queue is kept exactly, across processes too.
class FairLock : public RedissonHashLock
{
public:
    static constexpr std::chrono::milliseconds defaultThreadWaitTime {5000}; // Redisson's default

    FairLock(ConnectionOptions options, std::string name, HolderIdentity identity = HolderIdentity::next(),
        std::shared_ptr<LockWatchdog> watchdog = nullptr,
        std::chrono::milliseconds threadWaitTime = defaultThreadWaitTime, Fencing fencing = Fencing::On);
    ~FairLock() override;

    LockAlgorithm kind() const override { return LockAlgorithm::Fair; }

protected:
    Result<Attempt> tryAcquireOnce(std::chrono::milliseconds lease) override;
    Result<RedisReply> runUnlockHandingOff(std::chrono::milliseconds lease,
        const std::vector<HandoffDesk::Candidate>& candidates, int streak) override;
    std::string waitChannel() const override;
    Status abandonWait() override;

private:
    std::chrono::milliseconds m_threadWaitTime;
};

} // namespace lockscope
