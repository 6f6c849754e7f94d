#include "locks/NaiveLock.h"

namespace lockscope {

NaiveLock::NaiveLock(std::shared_ptr<RedisConnection> connection, std::string name, Options options)
    : TimestampLock(LockAlgorithm::Naive, std::move(connection), std::move(name), options.clock)
    , m_beforeDelete(std::move(options.beforeDelete))
{
}

Result<bool> NaiveLock::tryOnce(std::chrono::milliseconds lease)
{
    auto now = m_clock.nowMillis();
    if (!now)
        return now.error();
    const long long expiry = *now + lease.count() + 1;
    auto first = setIfAbsent(expiry);
    if (!first || *first)
        return first;
    auto current = m_connection->command({"GET", m_name});
    if (!current)
        return current.error();
    if (current->isString()) {
        const auto stored = ExpiryClock::parseExpiry(current->text());
        if (!stored || *stored > *now)
            return false;
        // THE BUG Redis's SETNX page describes: between our GET and our DEL another contender may already
        // have replaced the expired lock with its own, and this DEL removes that fresh lock.
        if (m_beforeDelete)
            m_beforeDelete();
        auto deleted = m_connection->command({"DEL", m_name});
        if (!deleted)
            return deleted.error();
    }
    return setIfAbsent(expiry);
}

Result<bool> NaiveLock::stillOurs()
{
    if (!m_expiry)
        return false;
    return keyExists();
}

Result<bool> NaiveLock::mayChange()
{
    return m_expiry.has_value();
}

} // namespace lockscope
