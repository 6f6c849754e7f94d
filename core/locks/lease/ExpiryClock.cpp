#include "locks/lease/ExpiryClock.h"

#include "common/WallClock.h"

#include <charconv>

namespace lockscope {

namespace {
std::optional<long long> parseDecimal(std::string_view text)
{
    long long value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}
} // namespace

ExpiryClock::ExpiryClock(RedisConnection& connection, Source source)
    : m_connection(connection)
    , m_source(source)
{
}

Result<long long> ExpiryClock::nowMillis()
{
    if (m_source == Source::Client)
        return epochMillisNow();
    auto reply = m_connection.command({"TIME"});
    if (!reply)
        return reply.error();
    auto seconds = reply->at(0).toInteger();
    auto micros = reply->at(1).toInteger();
    if (!reply->isArray() || reply->size() != 2 || !seconds || !micros || *seconds < 0 || *micros < 0)
        return makeError(ErrorKind::Protocol, "unexpected TIME reply: " + reply->describe());
    return *seconds * 1000 + *micros / 1000;
}

std::optional<long long> ExpiryClock::parseExpiry(std::string_view text)
{
    auto value = parseDecimal(text);
    if (!value || *value < 0)
        return std::nullopt;
    constexpr long long secondsLimit = 100000000000LL; // 10^11 s is the year 5138; 10^11 ms is 1973
    if (*value < secondsLimit)
        return *value * 1000;
    return value;
}

Result<std::optional<long long>> ExpiryClock::rewriteExpiry(
    const std::string& key, std::chrono::milliseconds lease)
{
    auto now = nowMillis();
    if (!now)
        return now.error();
    const long long expiry = *now + lease.count() + 1;
    auto set = m_connection.command({"SET", key, std::to_string(expiry), "XX"});
    if (!set)
        return set.error();
    if (set->isNil())
        return std::optional<long long>();
    return std::optional<long long>(expiry);
}

} // namespace lockscope
