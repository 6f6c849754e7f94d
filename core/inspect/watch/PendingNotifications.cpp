#include "inspect/watch/PendingNotifications.h"

#include <algorithm>

namespace lockscope {

void PendingNotifications::add(
    const std::string& lockName, const std::string& key, bool expired, bool byItsKeysOnly)
{
    ++m_notifications;
    auto [at, isNew] = m_indexOfName.try_emplace(lockName, m_locks.size());
    if (isNew)
        m_locks.push_back({lockName, {}, false, byItsKeysOnly});
    Lock& lock = m_locks[at->second];
    lock.byItsKeysOnly = lock.byItsKeysOnly && byItsKeysOnly;
    if (std::ranges::find(lock.keys, key) == lock.keys.end())
        lock.keys.push_back(key);
    lock.expired = lock.expired || expired;
}

} // namespace lockscope
