#pragma once

#include "locks/ReadWriteLockSide.h"

namespace lockscope {

// Kind `write`: the exclusive side of Redisson's RReadWriteLock, wire-compatible (the format
// is described in ReadLock.h). The writer's field is `<id>:<tid>:write`. It excludes every
// reader and writer, except that its own identity may also read; releasing the write while
// still reading turns the hash's mode into `read` (a downgrade). A reader cannot upgrade.
class WriteLock : public ReadWriteLockSide
{
public:
    using ReadWriteLockSide::ReadWriteLockSide;
    ~WriteLock() override;

    LockAlgorithm kind() const override { return LockAlgorithm::Write; }

protected:
    std::string holderField() const override { return identity().field() + ":write"; }
    Result<Attempt> tryAcquireOnce(std::chrono::milliseconds lease) override;
    Result<RedisReply> runUnlock(std::chrono::milliseconds lease) override;
};

} // namespace lockscope
