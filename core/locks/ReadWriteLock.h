#pragma once

#include "locks/ReadLock.h"
#include "locks/WriteLock.h"

namespace lockscope {

// Redisson's RReadWriteLock: a read side and a write side that share one holder identity, so
// that the writer may also read and downgrade (write, read, release the write). Each side is a
// DistributedLock of its own (kinds `read` and `write`); use each from one thread at a time.
class ReadWriteLock
{
public:
    ReadWriteLock(ConnectionOptions options, std::string name,
        HolderIdentity identity = HolderIdentity::next(), std::shared_ptr<LockWatchdog> watchdog = nullptr,
        Fencing fencing = Fencing::On);

    ReadLock& readLock() { return m_read; }
    WriteLock& writeLock() { return m_write; }
    const std::string& name() const { return m_read.name(); }

private:
    ReadLock m_read;
    WriteLock m_write;
};

} // namespace lockscope
