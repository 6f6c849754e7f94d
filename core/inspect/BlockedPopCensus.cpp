#include "inspect/BlockedPopCensus.h"

#include "redis/RedisConnection.h"

#include <algorithm>
#include <string>

namespace lockscope {

BlockedPopCensus::BlockedPopCensus(std::chrono::milliseconds maxAge)
    : m_maxAge(maxAge)
{
}

namespace {

// Calls `each(valueOf)` for every line of a CLIENT LIST reply; valueOf(field) is that line's
// `field=value` (empty when absent).
template <typename Each>
void forEachClient(std::string_view clientList, Each each)
{
    size_t start = 0;
    while (start < clientList.size()) {
        size_t end = clientList.find('\n', start);
        if (end == std::string_view::npos)
            end = clientList.size();
        const std::string_view line = clientList.substr(start, end - start);
        start = end + 1;
        auto valueOf = [&](std::string_view field) -> std::string_view {
            const std::string needle = std::string(field) + "=";
            size_t at = line.starts_with(needle) ? 0 : line.find(" " + needle);
            if (at == std::string_view::npos)
                return {};
            at += at == 0 && line.starts_with(needle) ? needle.size() : needle.size() + 1;
            const size_t stop = line.find(' ', at);
            return line.substr(at, stop == std::string_view::npos ? std::string_view::npos : stop - at);
        };
        each(valueOf);
    }
}

long long number(std::string_view text)
{
    long long value = 0;
    for (char c : text) {
        if (c < '0' || c > '9' || value > 100'000'000'000'000LL)
            return -1;
        value = value * 10 + (c - '0');
    }
    return text.empty() ? -1 : value;
}

} // namespace

void BlockedPopCensus::refresh(RedisConnection& connection)
{
    const auto now = Clock::now();
    if (m_readAt && now - *m_readAt < m_maxAge)
        return;
    auto clients = connection.command({"CLIENT", "LIST"});
    const bool read = clients && clients->isString();
    m_count = read ? countIn(clients->text()) : 0;
    m_lockNamed = read ? lockNamedSubscribersIn(clients->text()) : std::vector<SubscribedClient> {};
    m_readAt = now;
}

long long BlockedPopCensus::count(RedisConnection& connection)
{
    refresh(connection);
    return m_count;
}

const std::vector<SubscribedClient>& BlockedPopCensus::lockNamedSubscribers(RedisConnection& connection)
{
    refresh(connection);
    return m_lockNamed;
}

std::vector<SubscribedClient> BlockedPopCensus::lockNamedSubscribersIn(std::string_view clientList)
{
    std::vector<SubscribedClient> found;
    forEachClient(clientList, [&](const auto& valueOf) {
        const std::string_view name = valueOf("name");
        if (!name.ends_with("-lock") || name.size() <= 5 || number(valueOf("sub")) <= 0)
            return;
        const long long id = number(valueOf("id"));
        if (id < 0)
            return;
        found.push_back({id, std::string(name), std::string(name.substr(0, name.size() - 5)),
            std::string(valueOf("addr")), std::max(0LL, number(valueOf("age")))});
    });
    return found;
}

long long BlockedPopCensus::countIn(std::string_view clientList)
{
    long long blocked = 0;
    forEachClient(clientList, [&](const auto& valueOf) {
        const std::string_view command = valueOf("cmd");
        const std::string_view flags = valueOf("flags");
        const bool popping = command == "blpop" || command == "brpop" || command == "blmove"
            || command == "brpoplpush" || command == "blmpop";
        if (popping && flags.find('b') != std::string_view::npos)
            ++blocked;
    });
    return blocked;
}

} // namespace lockscope
