#include "inspect/BlockedPopCensus.h"

#include "common/WallClock.h"
#include "redis/RedisConnection.h"

#include <string>

namespace lockscope {

BlockedPopCensus::BlockedPopCensus(std::chrono::milliseconds maxAge)
    : m_maxAge(maxAge)
{
}

void BlockedPopCensus::refresh(RedisConnection& connection)
{
    const auto now = Clock::now();
    if (m_readAt && now - *m_readAt < m_maxAge)
        return;
    auto reply = connection.command({"CLIENT", "LIST"});
    if (reply && reply->isString()) {
        m_clients = ClientList::parse(reply->text());
        m_refusal.reset();
    } else {
        m_clients = ClientList {};
        m_refusal
            = reply ? RedisError {ErrorKind::Protocol, "CLIENT LIST did not answer a string"} : reply.error();
    }
    m_count = countIn(m_clients);
    m_lockNamed = lockNamedSubscribersIn(m_clients);
    m_readAt = now;
    m_readAtMs = epochMillisNow();
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

const ClientList& BlockedPopCensus::clients(RedisConnection& connection)
{
    refresh(connection);
    return m_clients;
}

std::vector<SubscribedClient> BlockedPopCensus::lockNamedSubscribersIn(std::string_view clientList)
{
    return lockNamedSubscribersIn(ClientList::parse(clientList));
}

std::vector<SubscribedClient> BlockedPopCensus::lockNamedSubscribersIn(const ClientList& clients)
{
    std::vector<SubscribedClient> found;
    for (const auto& client : clients.clients) {
        const std::string& name = client.name;
        if (!name.ends_with("-lock") || name.size() <= 5 || client.subscriptions <= 0)
            continue;
        found.push_back({client.id, name, name.substr(0, name.size() - 5), client.addr, client.ageSeconds});
    }
    return found;
}

long long BlockedPopCensus::countIn(std::string_view clientList)
{
    return countIn(ClientList::parse(clientList));
}

long long BlockedPopCensus::countIn(const ClientList& clients)
{
    long long blocked = 0;
    for (const auto& client : clients.clients) {
        const std::string& command = client.cmd;
        const bool popping = command == "blpop" || command == "brpop" || command == "blmove"
            || command == "brpoplpush" || command == "blmpop";
        if (popping && client.flags.find('b') != std::string::npos)
            ++blocked;
    }
    return blocked;
}

} // namespace lockscope
