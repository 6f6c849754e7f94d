#include "locks/waiting/WaiterRegistry.h"

#include "common/WallClock.h"
#include "locks/LockKeyNames.h"

namespace lockscope {

std::string WaiterRegistry::keyFor(const std::string& lockName)
{
    return LockKeyNames::lockscopeWaiters(lockName);
}

WaiterRegistry::WaiterRegistry(RedisConnection& connection, std::string lockName, std::string waiterId,
    std::chrono::milliseconds heartbeat)
    : m_connection(connection)
    , m_key(keyFor(lockName))
    , m_waiterId(std::move(waiterId))
    , m_heartbeat(heartbeat)
{
}

WaiterRegistry::~WaiterRegistry()
{
    if (m_registered)
        (void)leave();
}

Status WaiterRegistry::write()
{
    const long long now = epochMillisNow();
    const long long staleAfter = now + 3 * m_heartbeat.count();
    // One pipeline: prune the dead, register ourselves, and let the key vanish by itself if every
    // waiter dies.
    auto replies = m_connection.pipeline({
        {"ZREMRANGEBYSCORE", m_key, "-inf", "(" + std::to_string(now)},
        {"ZADD", m_key, std::to_string(staleAfter), m_waiterId},
        {"PEXPIRE", m_key, std::to_string(6 * m_heartbeat.count())},
    });
    if (!replies)
        return replies.error();
    for (const auto& reply : *replies) {
        if (reply.isError())
            return RedisError::fromServerReply(reply.text());
    }
    m_registered = true;
    m_lastRefresh = std::chrono::steady_clock::now();
    return Done {};
}

Status WaiterRegistry::enter()
{
    return write();
}

Status WaiterRegistry::refreshIfDue()
{
    if (!m_registered)
        return write();
    if (std::chrono::steady_clock::now() - m_lastRefresh < m_heartbeat / 2)
        return Done {};
    return write();
}

Status WaiterRegistry::leave()
{
    if (!m_registered)
        return Done {};
    m_registered = false;
    auto removed = m_connection.command({"ZREM", m_key, m_waiterId});
    if (!removed)
        return removed.error();
    return Done {};
}

} // namespace lockscope
