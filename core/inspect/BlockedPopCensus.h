#pragma once

#include "inspect/SubscribedClient.h"

#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

namespace lockscope {

class RedisConnection;

// How many clients of one server sit blocked in a list pop (BLPOP, BRPOP, BLMOVE...): the
// waiters of list-based locks such as redis-semaphore's; and which subscribed clients are named
// `<name>-lock` (portalocker's lock holders). Only CLIENT LIST says so, and CLIENT
// LIST costs the server time in proportion to its clients; a watcher re-reads a lock on every
// change, so it asks through a census that goes back to the server at most once per `maxAge`.
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

    // Counts the blocked pops in a CLIENT LIST reply ("... flags=b ... cmd=blpop ..." lines).
    static long long countIn(std::string_view clientList);
    // The clients of a CLIENT LIST reply subscribed to a channel (sub=N, N > 0) and named *-lock.
    static std::vector<SubscribedClient> lockNamedSubscribersIn(std::string_view clientList);

private:
    using Clock = std::chrono::steady_clock;
    std::chrono::milliseconds m_maxAge;
    std::optional<Clock::time_point> m_readAt;
    long long m_count = 0;
    std::vector<SubscribedClient> m_lockNamed;
    void refresh(RedisConnection& connection);
};

} // namespace lockscope
