#include "inspect/BlockedPopCensus.h"

#include "redis/RedisConnection.h"

#include <string>

namespace lockscope {

BlockedPopCensus::BlockedPopCensus(std::chrono::milliseconds maxAge)
    : m_maxAge(maxAge)
{
}

long long BlockedPopCensus::count(RedisConnection& connection)
{
    const auto now = Clock::now();
    if (m_readAt && now - *m_readAt < m_maxAge)
        return m_count;
    auto clients = connection.command({"CLIENT", "LIST"});
    m_count = clients && clients->isString() ? countIn(clients->text()) : 0;
    m_readAt = now;
    return m_count;
}

long long BlockedPopCensus::countIn(std::string_view clientList)
{
    long long blocked = 0;
    size_t start = 0;
    while (start < clientList.size()) {
        size_t end = clientList.find('\n', start);
        if (end == std::string_view::npos)
            end = clientList.size();
        const std::string_view line = clientList.substr(start, end - start);
        start = end + 1;
        auto valueOf = [&](std::string_view field) -> std::string_view {
            const std::string needle = " " + std::string(field) + "=";
            size_t at = line.find(needle);
            if (at == std::string_view::npos)
                return {};
            at += needle.size();
            const size_t stop = line.find(' ', at);
            return line.substr(at, stop == std::string_view::npos ? std::string_view::npos : stop - at);
        };
        const std::string_view command = valueOf("cmd");
        const std::string_view flags = valueOf("flags");
        const bool popping = command == "blpop" || command == "brpop" || command == "blmove"
            || command == "brpoplpush" || command == "blmpop";
        if (popping && flags.find('b') != std::string_view::npos)
            ++blocked;
    }
    return blocked;
}

} // namespace lockscope
