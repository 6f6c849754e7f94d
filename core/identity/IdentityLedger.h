#pragma once

#include "inspect/ClientList.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// One connection seen sending a value: from where, first and last seen (epoch ms), how often.
struct Sighting
{
    std::string addr;
    long long firstSeenMs = 0;
    long long lastSeenMs = 0;
    long long times = 0;
};

// What one server's samples learned, remembered between them: which connection sent which
// holder value (a token, a `<uuid>:<thread>` field) on which lock key, which connection each
// Redisson-style client UUID uses, and the connections CLIENT LIST showed (so that one that has
// left is still named, with the time it was first missing). Bounded: past `maxEntries` values
// the least recently seen is forgotten.
class IdentityLedger
{
public:
    explicit IdentityLedger(size_t maxEntries = 20'000);

    // `value` was an argument of a command on lock key `key` sent from `addr`.
    void sawValue(std::string_view value, std::string_view key, std::string_view addr, long long atMs);
    // A client UUID (the first half of `<uuid>:<thread>`) was sent from `addr`: that client's
    // connection, whichever of its locks it was renewing.
    void sawClient(std::string_view clientUuid, std::string_view addr, long long atMs);

    // The connection most often seen sending `value` on one of `keys`, or nullptr.
    const Sighting* valueOn(std::string_view value, const std::vector<std::string>& keys) const;
    const Sighting* client(std::string_view clientUuid) const;

    // A CLIENT LIST reading at `readAtMs`: every entry is remembered by its address, and a
    // remembered address that is missing now is marked gone (from this reading's time).
    void sawClientList(const ClientList& clients, long long readAtMs);
    // The last CLIENT LIST entry of `addr`, or nullptr.
    const ServerClient* connection(std::string_view addr) const;
    // When `addr` was first missing from CLIENT LIST, if it is gone.
    std::optional<long long> goneSince(std::string_view addr) const;

    size_t size() const { return m_values.size() + m_clients.size(); }

private:
    struct Remembered
    {
        ServerClient client;
        std::optional<long long> goneSinceMs;
    };
    static constexpr size_t maxAddressesPerValue = 4;
    size_t m_maxEntries;
    std::map<std::string, std::vector<Sighting>, std::less<>> m_values; // value '\0' key
    std::map<std::string, std::vector<Sighting>, std::less<>> m_clients;
    std::map<std::string, Remembered, std::less<>> m_connections;
    void see(std::map<std::string, std::vector<Sighting>, std::less<>>& into, std::string entry,
        std::string_view addr, long long atMs);
    void forgetOldest();
    static const Sighting* mostSeen(const std::vector<Sighting>& sightings);
};

} // namespace lockscope
