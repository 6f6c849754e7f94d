#pragma once

#include "locks/RedissonHashLock.h"

namespace lockscope {

// What the two sides of Redisson's RReadWriteLock (ReadLock, WriteLock) share beyond
// RedissonHashLock: one hash, one unlock channel for both sides, whose waiters wait for its
// notice (no local handoff). Each side supplies its own scripts and its destructor's release.
class ReadWriteLockSide : public RedissonHashLock
{
public:
    // Public so that the sides can inherit it; the class itself stays abstract.
    ReadWriteLockSide(ConnectionOptions options, std::string name,
        HolderIdentity identity = HolderIdentity::next(), std::shared_ptr<LockWatchdog> watchdog = nullptr,
        Fencing fencing = Fencing::On);

protected:
    // Readers and writers wait on the same channel: a read unlock may admit a writer and a
    // write unlock the readers.
    std::string waitChannel() const final;
};

} // namespace lockscope
