#include "locks/ReadWriteLock.h"

namespace lockscope {

ReadWriteLock::ReadWriteLock(ConnectionOptions options, std::string name, HolderIdentity identity,
    std::shared_ptr<LockWatchdog> watchdog, Fencing fencing)
    : m_read(options, name, identity, watchdog, fencing)
    , m_write(std::move(options), std::move(name), std::move(identity), std::move(watchdog), fencing)
{
}

} // namespace lockscope
