#include "locks/ReadWriteLockSide.h"

#include "locks/LockKeyNames.h"

namespace lockscope {

ReadWriteLockSide::ReadWriteLockSide(ConnectionOptions options, std::string name, HolderIdentity identity,
    std::shared_ptr<LockWatchdog> watchdog, Fencing fencing)
    : RedissonHashLock(
        std::move(options), std::move(name), std::move(identity), std::move(watchdog), fencing, Waiting {})
{
}

std::string ReadWriteLockSide::waitChannel() const
{
    return LockKeyNames::readWriteChannel(name());
}

} // namespace lockscope
