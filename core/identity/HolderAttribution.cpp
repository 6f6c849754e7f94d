#include "identity/HolderAttribution.h"

#include "identity/IdentityLedger.h"
#include "inspect/ClientList.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <unordered_map>

namespace lockscope {

namespace {

// A lock that expires within a minute goes by itself even if its holder is gone.
constexpr long long staysLongerThanMs = 60'000;

void describeConnection(HolderIdentification& identity, const ServerClient& client, long long readAtMs)
{
    identity.name = client.name.empty() ? identity.name : client.name;
    identity.libName = client.libName;
    identity.libVer = client.libVer;
    identity.sinceMs = readAtMs - client.ageSeconds * 1000;
}

} // namespace

std::string HolderAttribution::clockTime(long long epochMs)
{
    const long long secondOfDay = ((epochMs / 1000) % 86400 + 86400) % 86400;
    char text[16];
    std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld UTC", secondOfDay / 3600, secondOfDay / 60 % 60,
        secondOfDay % 60);
    return text;
}

void HolderAttribution::attach(std::vector<LockSnapshot>& locks, const IdentityLedger& ledger,
    const ClientList* clients, long long readAtMs, long long sampleStartMs)
{
    std::unordered_map<std::string_view, const ServerClient*> byAddress;
    if (clients) {
        for (const auto& client : clients->clients)
            byAddress.emplace(client.addr, &client);
    }
    for (auto& lock : locks) {
        std::optional<long long> closedAt;
        for (auto& holder : lock.holders) {
            HolderIdentification identity = holder.identity.get();
            const Sighting* seen = ledger.valueOn(holder.owner, lock.keys);
            if (!seen && !holder.clientUuid.empty())
                seen = ledger.client(holder.clientUuid.get());
            if (!seen) {
                if (identity.empty())
                    identity.source = IdentitySource::Unknown;
                holder.identity = std::move(identity);
                continue;
            }
            identity.source
                = seen->lastSeenMs >= sampleStartMs ? IdentitySource::Sample : IdentitySource::Remembered;
            identity.addr = seen->addr;
            if (!holder.threadId.empty())
                identity.thread = holder.threadId.get();
            const auto now = byAddress.find(seen->addr);
            if (now != byAddress.end()) {
                describeConnection(identity, *now->second, readAtMs);
                identity.connectionClosedAtMs.reset();
            } else {
                if (const ServerClient* earlier = ledger.connection(seen->addr))
                    describeConnection(identity, *earlier, readAtMs);
                // Gone only if the reading is whole: a refused or cut reading proves nothing.
                if (clients && !clients->truncated)
                    identity.connectionClosedAtMs = ledger.goneSince(seen->addr).value_or(readAtMs);
            }
            if (identity.connectionClosedAtMs)
                closedAt = std::max(closedAt.value_or(0), *identity.connectionClosedAtMs);
            holder.identity = std::move(identity);
        }
        if (closedAt && (!lock.ttlMs || *lock.ttlMs > staysLongerThanMs)) {
            lock.markStuck(UserText(LOCKSCOPE_TEXT("HolderAttribution", "holder's connection closed at %1"),
                clockTime(*closedAt)));
        } else if (closedAt) {
            lock.notes.push_back(UserText(LOCKSCOPE_TEXT("HolderAttribution",
                                              "holder's connection closed at %1; the lock expires by itself"),
                clockTime(*closedAt)));
        }
    }
}

} // namespace lockscope
