#include "identity/IdentityLedger.h"

#include <algorithm>
#include <set>

namespace lockscope {

IdentityLedger::IdentityLedger(size_t maxEntries)
    : m_maxEntries(std::max<size_t>(maxEntries, 1))
{
}

void IdentityLedger::see(std::map<std::string, std::vector<Sighting>, std::less<>>& into, std::string entry,
    std::string_view addr, long long atMs)
{
    auto found = into.find(entry);
    if (found == into.end()) {
        if (size() >= m_maxEntries)
            forgetOldest();
        found = into.emplace(std::move(entry), std::vector<Sighting> {}).first;
    }
    auto& sightings = found->second;
    auto same
        = std::find_if(sightings.begin(), sightings.end(), [&](const Sighting& s) { return s.addr == addr; });
    if (same == sightings.end()) {
        if (sightings.size() == maxAddressesPerValue) {
            // The least seen address makes room: a value is sent by its holder again and again.
            sightings.erase(std::min_element(sightings.begin(), sightings.end(),
                [](const Sighting& a, const Sighting& b) { return a.times < b.times; }));
        }
        sightings.push_back({std::string(addr), atMs, atMs, 0});
        same = sightings.end() - 1;
    }
    same->firstSeenMs = std::min(same->firstSeenMs, atMs);
    same->lastSeenMs = std::max(same->lastSeenMs, atMs);
    ++same->times;
}

void IdentityLedger::forgetOldest()
{
    auto latest = [](const std::vector<Sighting>& sightings) {
        long long last = 0;
        for (const auto& s : sightings)
            last = std::max(last, s.lastSeenMs);
        return last;
    };
    auto oldestIn = [&](auto& map) {
        return std::min_element(map.begin(), map.end(),
            [&](const auto& a, const auto& b) { return latest(a.second) < latest(b.second); });
    };
    auto value = oldestIn(m_values);
    auto client = oldestIn(m_clients);
    if (client == m_clients.end()
        || (value != m_values.end() && latest(value->second) <= latest(client->second)))
        m_values.erase(value);
    else
        m_clients.erase(client);
}

void IdentityLedger::sawValue(
    std::string_view value, std::string_view key, std::string_view addr, long long atMs)
{
    std::string entry;
    entry.reserve(value.size() + 1 + key.size());
    entry.append(value).push_back('\0');
    entry.append(key);
    see(m_values, std::move(entry), addr, atMs);
}

void IdentityLedger::sawClient(std::string_view clientUuid, std::string_view addr, long long atMs)
{
    see(m_clients, std::string(clientUuid), addr, atMs);
}

const Sighting* IdentityLedger::mostSeen(const std::vector<Sighting>& sightings)
{
    const auto best = std::max_element(sightings.begin(), sightings.end(),
        [](const Sighting& a, const Sighting& b) { return a.times < b.times; });
    return best == sightings.end() ? nullptr : &*best;
}

const Sighting* IdentityLedger::valueOn(std::string_view value, const std::vector<std::string>& keys) const
{
    const Sighting* best = nullptr;
    for (const auto& key : keys) {
        std::string entry;
        entry.append(value).push_back('\0');
        entry.append(key);
        const auto found = m_values.find(entry);
        if (found == m_values.end())
            continue;
        const Sighting* seen = mostSeen(found->second);
        if (seen && (!best || seen->times > best->times))
            best = seen;
    }
    return best;
}

const Sighting* IdentityLedger::client(std::string_view clientUuid) const
{
    const auto found = m_clients.find(clientUuid);
    return found == m_clients.end() ? nullptr : mostSeen(found->second);
}

void IdentityLedger::sawClientList(const ClientList& clients, long long readAtMs)
{
    std::set<std::string_view> present;
    for (const auto& client : clients.clients)
        present.insert(client.addr);
    for (auto& [addr, remembered] : m_connections) {
        if (!remembered.goneSinceMs && !present.contains(addr) && !clients.truncated)
            remembered.goneSinceMs = readAtMs;
    }
    // Only the connections a sample named are worth remembering; the others are in the reading.
    std::set<std::string_view> named;
    for (const auto* map : {&m_values, &m_clients}) {
        for (const auto& [entry, sightings] : *map) {
            for (const auto& s : sightings)
                named.insert(s.addr);
        }
    }
    for (const auto& client : clients.clients) {
        if (!client.addr.empty() && named.contains(client.addr))
            m_connections[client.addr] = Remembered {client, std::nullopt};
    }
}

const ServerClient* IdentityLedger::connection(std::string_view addr) const
{
    const auto found = m_connections.find(addr);
    return found == m_connections.end() ? nullptr : &found->second.client;
}

std::optional<long long> IdentityLedger::goneSince(std::string_view addr) const
{
    const auto found = m_connections.find(addr);
    return found == m_connections.end() ? std::nullopt : found->second.goneSinceMs;
}

} // namespace lockscope
