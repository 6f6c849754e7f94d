#include "inspect/watch/PendingNotifications.h"

#include <algorithm>

namespace lockscope {

void PendingNotifications::add(const std::string& lockName, const std::string& key, bool expired)
{
    ++m_notifications;
    auto [at, isNew] = m_indexOfName.try_emplace(lockName, m_locks.size());
    if (isNew)
        m_locks.push_back({lockName, {}, false});
    Lock& lock = m_locks[at->second];
    if (std::ranges::find(lock.keys, key) == lock.keys.end())
        lock.keys.push_back(key);
    lock.expired = lock.expired || expired;
}

} // namespace lockscope
