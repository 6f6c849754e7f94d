#pragma once

#include "common/RedisError.h"
#include "inspect/ClientList.h"
#include "inspect/SubscribedClient.h"

#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

namespace lockscope {

class RedisConnection;

// One server's clients as CLIENT LIST describes them (ClientList: read as untrusted input,
// bounded), and what the inspector takes from them: how many sit blocked in a list pop (BLPOP,
// BRPOP, BLMOVE...), the waiters of list-based locks such as redis-semaphore's; which subscribed
// clients are named `<name>-lock` (portalocker's lock holders); and who each holder's
// connection is (core/identity). CLIENT LIST costs the server time in proportion to its clients
// and a watcher re-reads a lock on every change, so everything asks through this census, which
// goes back to the server at most once per `maxAge`.
class BlockedPopCensus
{
public:
    explicit BlockedPopCensus(std::chrono::milliseconds maxAge);

    // The count, read again when the last reading is older than maxAge. A server that refuses
    // CLIENT LIST (an ACL) gives 0: the waiters are then unknown, not an error.
    long long count(RedisConnection& connection);

    // From the same reading: the subscribed clients whose name ends in "-lock" (portalocker's
    // holders, whose lock is a subscription and no key).
    const std::vector<SubscribedClient>& lockNamedSubscribers(RedisConnection& connection);

    // The whole reading (empty when refused: see refusal()).
    const ClientList& clients(RedisConnection& connection);
    // Why the last reading has no clients, if the server refused CLIENT LIST or failed.
    const std::optional<RedisError>& refusal() const { return m_refusal; }
    // Epoch ms of the last reading (0: none yet).
    long long readAtMs() const { return m_readAtMs; }
    // Forgets the last reading, so the next question reads CLIENT LIST again.
    void expire() { m_readAt.reset(); }

    // Counts the blocked pops in a CLIENT LIST reply ("... flags=b ... cmd=blpop ..." lines).
    static long long countIn(std::string_view clientList);
    // The clients of a CLIENT LIST reply subscribed to a channel (sub=N, N > 0) and named *-lock.
    static std::vector<SubscribedClient> lockNamedSubscribersIn(std::string_view clientList);

private:
    using Clock = std::chrono::steady_clock;
    std::chrono::milliseconds m_maxAge;
    std::optional<Clock::time_point> m_readAt;
    long long m_readAtMs = 0;
    long long m_count = 0;
    ClientList m_clients;
    std::optional<RedisError> m_refusal;
    std::vector<SubscribedClient> m_lockNamed;
    void refresh(RedisConnection& connection);
    static long long countIn(const ClientList& clients);
    static std::vector<SubscribedClient> lockNamedSubscribersIn(const ClientList& clients);
};

} // namespace lockscope
