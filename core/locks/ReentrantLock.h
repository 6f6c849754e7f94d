#pragma once

#include "locks/RedissonHashLock.h"

namespace lockscope {

// Kind `reentrant`: Redisson's RLock, wire-compatible, so that Redisson clients and LockScope
// exclude each other on the same name and wake each other on unlock.
//
// Redis format (as Redisson writes it):
// - HASH `<name>`: field `<clientUUID>:<threadId>` -> re-entry count; PEXPIRE = lease.
// - unlock notice: PUBLISH `redisson_lock__channel:{<name>}` `0` when the hold ends.
// - fencing: STRING `redisson_lock_token:{<name>}` (RFencedLock's counter), INCR in the same
//   script when a hold starts; re-entries keep the hold's token. With Fencing::Off, not
//   written at all (as Redisson's RLock), and holds have no fence.
// The acquire and unlock scripts are Redisson's, with the fencing INCR added and replies that
// say whether the hold started, re-entered or found another holder (then: its pttl), and how
// many subscribers an unlock notice reached (for RedissonHashLock's courtesy to waiters).
//
// In-process handoff (RedissonHashLock): a release hands the lock to the front of this
// process's LocalWaitLine when it is ready. The trade-off between processes: a handoff
// publishes no unlock notice, so waiters of other processes (LockScope or Redisson) are not
// woken by it and would only retry when the lease runs out. So while they are subscribed, at
// most maxHandoffsPastOthers handoffs in a row pass them over; the next release publishes the
// notice as Redisson does, and this process's waiters hold back for courtesyWindow, so one of
// them takes the lock. A busy process still keeps about maxHandoffsPastOthers turns out of
// every maxHandoffsPastOthers + 1 (fair between processes it is not; Redisson's own unfair
// lock is not either), but nobody outside waits forever. Waiters of one process are served in
// arrival order.
class ReentrantLock : public RedissonHashLock
{
public:
    ReentrantLock(ConnectionOptions options, std::string name,
        HolderIdentity identity = HolderIdentity::next(), std::shared_ptr<LockWatchdog> watchdog = nullptr,
        Fencing fencing = Fencing::On);
    ~ReentrantLock() override;

    LockAlgorithm kind() const override { return LockAlgorithm::Reentrant; }

    // Redisson's own scripts, verbatim, for interop checks and tools that act as a Redisson
    // client. Acquire: KEYS[1] name; ARGV lease, field; replies nil when acquired, else pttl.
    static const char* const redissonAcquireScript;
    // Unlock: KEYS name, channel; ARGV `0`, lease, field; replies 1 released, 0 decremented,
    // nil when not the holder.
    static const char* const redissonUnlockScript;

    // Handoffs in a row that may pass over other processes' subscribed waiters.
    static constexpr int maxHandoffsPastOthers = 8;

protected:
    Result<Attempt> tryAcquireOnce(std::chrono::milliseconds lease) override;
    Result<RedisReply> runUnlockHandingOff(std::chrono::milliseconds lease,
        const std::vector<HandoffDesk::Candidate>& candidates, int streak) override;
    std::string waitChannel() const override;
};

} // namespace lockscope
