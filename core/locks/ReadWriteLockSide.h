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
    // Lua the scripts of both sides begin with (after newFenceLua where a hold may start):
    // modeLua reads the hash's `mode` into `mode` (false: there is no hash). goneUnlockLua, the
    // unlock scripts' next step (KEYS[2] the channel, ARGV[1] the unlock message), publishes
    // the message when the hash is gone, so that waiters retry, and replies nil: the hold was
    // lost (where Redisson replies 1).
    static const char* const modeLua;
    static const char* const goneUnlockLua;

    // Readers and writers wait on the same channel: a read unlock may admit a writer and a
    // write unlock the readers.
    std::string waitChannel() const final;
};

} // namespace lockscope
