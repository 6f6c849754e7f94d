#include "inspect/ServerClock.h"

#include "redis/RedisConnection.h"

namespace lockscope {

ServerClock::ServerClock(std::chrono::milliseconds maxAge)
    : m_maxAge(maxAge)
{
}

Result<long long> ServerClock::nowMs(RedisConnection& connection)
{
    const auto now = Clock::now();
    if (m_readAt && m_maxAge.count() > 0 && now - *m_readAt < m_maxAge)
        return m_serverMsAtRead
            + std::chrono::duration_cast<std::chrono::milliseconds>(now - *m_readAt).count();
    auto time = connection.command({"TIME"});
    if (!time)
        return time.error();
    if (!time->isArray() || time->size() != 2)
        return makeError(ErrorKind::Protocol, "TIME replied with something other than [seconds, micros]");
    auto seconds = time->at(0).toInteger();
    auto micros = time->at(1).toInteger();
    // Bounded, as every clock the recognisers compute with must be (nowMs +- days must not overflow).
    if (!seconds || !micros || *seconds < 0 || *seconds > 100'000'000'000LL || *micros < 0
        || *micros >= 1'000'000)
        return makeError(ErrorKind::Protocol, "TIME replied with something other than [seconds, micros]");
    m_readAt = Clock::now();
    m_serverMsAtRead = *seconds * 1000 + *micros / 1000;
    return m_serverMsAtRead;
}

} // namespace lockscope
