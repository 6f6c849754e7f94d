#include "locks/NaiveLock.h"

#include "locks/HolderToken.h"
#include "locks/PollingWait.h"

#include <unistd.h>

namespace lockscope {

NaiveLock::NaiveLock(std::shared_ptr<RedisConnection> connection, std::string name, Options options)
    : m_connection(std::move(connection))
    , m_name(std::move(name))
    , m_clock(*m_connection, options.clock)
    , m_beforeDelete(std::move(options.beforeDelete))
    , m_waiterId("naive:pid" + std::to_string(::getpid()) + ":" + HolderToken::generate().substr(0, 8))
{
}

std::string NaiveLock::holderId() const
{
    return m_expiry ? std::to_string(*m_expiry) : std::string();
}

Result<bool> NaiveLock::setIfAbsent(long long expiry)
{
    auto set = m_connection->command({"SETNX", m_name, std::to_string(expiry)});
    if (!set)
        return set.error();
    if (set->isInteger() && set->integer() == 1) {
        m_expiry = expiry;
        return true;
    }
    return false;
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
        // THE BUG seed 000 describes: between our GET and our DEL another contender may already
        // have replaced the expired lock with its own, and this DEL removes that fresh lock.
        if (m_beforeDelete)
            m_beforeDelete();
        auto deleted = m_connection->command({"DEL", m_name});
        if (!deleted)
            return deleted.error();
    }
    return setIfAbsent(expiry);
}

Result<AcquireResult> NaiveLock::acquire(const AcquireOptions& options)
{
    if (m_expiry)
        return makeError(ErrorKind::Usage, "naive lock '" + m_name + "' is already held by this object");
    if (options.lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    WaiterRegistry registration(*m_connection, m_name, m_waiterId);
    return PollingWait::run(
        options, [&] { return tryOnce(options.lease); }, {&registration}, &m_mutex);
}

Result<HoldOutcome> NaiveLock::release()
{
    std::lock_guard guard(m_mutex);
    if (!m_expiry)
        return HoldOutcome::Lost;
    auto deleted = m_connection->command({"DEL", m_name});
    if (!deleted)
        return deleted.error();
    m_expiry.reset();
    return deleted->isInteger() && deleted->integer() == 1 ? HoldOutcome::Done : HoldOutcome::Lost;
}

Result<HoldOutcome> NaiveLock::extend(std::chrono::milliseconds lease)
{
    std::lock_guard guard(m_mutex);
    if (!m_expiry)
        return HoldOutcome::Lost;
    if (lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    auto expiry = m_clock.rewriteExpiry(m_name, lease);
    if (!expiry)
        return expiry.error();
    m_expiry = *expiry;
    return *expiry ? HoldOutcome::Done : HoldOutcome::Lost;
}

Result<bool> NaiveLock::isHeld()
{
    std::lock_guard guard(m_mutex);
    if (!m_expiry)
        return false;
    auto current = m_connection->command({"EXISTS", m_name});
    if (!current)
        return current.error();
    return current->isInteger() && current->integer() == 1;
}

} // namespace lockscope
