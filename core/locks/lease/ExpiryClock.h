#pragma once

#include "redis/RedisConnection.h"

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

// The clock of the timestamp locks (legacy, naive): their value is the epoch-ms moment the lock
// stops being valid, and every client judges expiry with its own clock, or, as Redis's
// SETNX page suggests against unsynchronised hosts, with the server's TIME (one more round trip per
// judgement, but one clock for everybody using the same server).
class ExpiryClock
{
public:
    enum class Source
    {
        Client,
        Server,
    };

    ExpiryClock(RedisConnection& connection, Source source);

    Result<long long> nowMillis();
    // Sets the stored expiry of the existing `key` to now + lease (SET XX): the extension of a
    // timestamp lock. The new expiry, or nullopt when the key is gone.
    Result<std::optional<long long>> rewriteExpiry(const std::string& key, std::chrono::milliseconds lease);
    Source source() const { return m_source; }

    // Reads a stored expiry: decimal epoch milliseconds, or decimal epoch seconds (values below
    // 10^11, as the historical "Unix time + timeout + 1" clients write them). nullopt for
    // anything else: such a key is not a timestamp lock and must never be taken over.
    static std::optional<long long> parseExpiry(std::string_view text);

private:
    RedisConnection& m_connection;
    Source m_source;
};

} // namespace lockscope
