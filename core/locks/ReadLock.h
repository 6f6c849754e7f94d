#pragma once

#include "locks/ReadWriteLockSide.h"

namespace lockscope {

// Kind `read`: the shared side of Redisson's RReadWriteLock, wire-compatible.
//
// Redis format (as Redisson writes it), shared with WriteLock:
// - HASH `<name>`: `mode` = `read` | `write`; each reader `<id>:<tid>` -> re-entry count; the
//   writer `<id>:<tid>:write` -> re-entry count. The hash's TTL is the longest read hold's.
// - per read hold (each re-entry is one): STRING `{<name>}:<id>:<tid>:rwlock_timeout:<n>` = 1
//   with the lease, so that one reader's expired holds stop counting while others live on.
// - channel `redisson_rwlock:{<name>}`: `0` after the last read unlock, `1` after a write
//   unlock; readers and writers both wait on it.
// - fencing: `redisson_lock_token:{<name>}`, INCR when this reader's hold starts; not written
//   at all with Fencing::Off (as Redisson's RReadWriteLock), and holds have no fence.
// Many readers hold together; a reader waits while someone else writes; the writer's own
// identity may read while it writes (and keep reading after releasing the write: downgrade).
class ReadLock : public ReadWriteLockSide
{
public:
    using ReadWriteLockSide::ReadWriteLockSide;
    ~ReadLock() override;

    LockAlgorithm kind() const override { return LockAlgorithm::Read; }

protected:
    std::string holderField() const override { return identity().field(); }
    Result<Attempt> tryAcquireOnce(std::chrono::milliseconds lease) override;
    Result<RedisReply> runUnlock(std::chrono::milliseconds lease) override;
    RedisCommand renewalCommand(std::chrono::milliseconds lease) const override;
};

} // namespace lockscope
