#include "inspect/SharedLockSnapshot.h"

namespace lockscope {

namespace {

const std::shared_ptr<const LockSnapshot>& emptySnapshot()
{
    static const auto empty = std::make_shared<const LockSnapshot>();
    return empty;
}

} // namespace

SharedLockSnapshot::SharedLockSnapshot()
    : m_lock(emptySnapshot())
{
}

SharedLockSnapshot::SharedLockSnapshot(LockSnapshot lock)
    : m_lock(std::make_shared<const LockSnapshot>(std::move(lock)))
{
}

SharedLockSnapshot::SharedLockSnapshot(std::shared_ptr<const LockSnapshot> lock)
    : m_lock(lock ? std::move(lock) : emptySnapshot())
{
}

bool SharedLockSnapshot::isEmpty() const
{
    return m_lock == emptySnapshot();
}

} // namespace lockscope
