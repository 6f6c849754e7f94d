#include "locks/TimestampLock.h"

#include "locks/primitives/HolderToken.h"
#include "locks/waiting/PollingWait.h"

#include <unistd.h>

namespace lockscope {

TimestampLock::TimestampLock(LockAlgorithm kind, std::shared_ptr<RedisConnection> connection,
    std::string name, ExpiryClock::Source clock)
    : m_connection(std::move(connection))
    , m_name(std::move(name))
    , m_clock(*m_connection, clock)
    , m_kind(kind)
    // The lock value carries no identity, so the waiter entry names the process instead.
    , m_waiterId(std::string(lockAlgorithmName(kind)) + ":pid" + std::to_string(::getpid()) + ":"
          + HolderToken::generate().substr(0, 8))
{
}

Result<HoldOutcome> TimestampLock::release()
{
    std::lock_guard guard(m_mutex);
    auto may = mayChange();
    if (!may)
        return may.error();
    if (!*may)
        return HoldOutcome::Lost;
    return deleteKey();
}

Result<HoldOutcome> TimestampLock::extend(std::chrono::milliseconds lease)
{
    std::lock_guard guard(m_mutex);
    if (lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    auto may = mayChange();
    if (!may)
        return may.error();
    if (!*may)
        return HoldOutcome::Lost;
    return rewriteExpiry(lease);
}

Result<bool> TimestampLock::isHeld()
{
    std::lock_guard guard(m_mutex);
    return stillOurs();
}

std::string TimestampLock::holderId() const
{
    return m_expiry ? std::to_string(*m_expiry) : std::string();
}

Result<AcquireResult> TimestampLock::acquire(const AcquireOptions& options)
{
    if (m_expiry)
        return makeError(ErrorKind::Usage,
            std::string(lockAlgorithmName(m_kind)) + " lock '" + m_name + "' is already held by this object");
    if (options.lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    WaiterRegistry registration(*m_connection, m_name, m_waiterId);
    return PollingWait::run(
        options, [&] { return tryOnce(options.lease); }, {&registration}, &m_mutex);
}

Result<bool> TimestampLock::setIfAbsent(long long expiry)
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

Result<bool> TimestampLock::keyExists()
{
    auto current = m_connection->command({"EXISTS", m_name});
    if (!current)
        return current.error();
    return current->isInteger() && current->integer() == 1;
}

Result<HoldOutcome> TimestampLock::deleteKey()
{
    auto deleted = m_connection->command({"DEL", m_name});
    if (!deleted)
        return deleted.error();
    m_expiry.reset();
    return deleted->isInteger() && deleted->integer() == 1 ? HoldOutcome::Done : HoldOutcome::Lost;
}

Result<HoldOutcome> TimestampLock::rewriteExpiry(std::chrono::milliseconds lease)
{
    auto expiry = m_clock.rewriteExpiry(m_name, lease);
    if (!expiry)
        return expiry.error();
    m_expiry = *expiry;
    return *expiry ? HoldOutcome::Done : HoldOutcome::Lost;
}

} // namespace lockscope
