#include "identity/HolderIdentifier.h"

#include "common/WallClock.h"
#include "identity/HolderAttribution.h"
#include "inspect/LockNaming.h"

#include <unordered_set>

namespace lockscope {

HolderIdentifier::HolderIdentifier(std::chrono::milliseconds clientListMaxAge)
    : m_census(clientListMaxAge)
{
}

void HolderIdentifier::noteClients(RedisConnection& control)
{
    const ClientList& clients = m_census.clients(control);
    if (m_census.readAtMs() != m_ledgerReadMs && !m_census.refusal()) {
        m_ledger.sawClientList(clients, m_census.readAtMs());
        m_ledgerReadMs = m_census.readAtMs();
    }
}

SampleReport HolderIdentifier::sample(RedisConnection& monitor, RedisConnection& control,
    const std::vector<LockSnapshot>& locks, const SampleOptions& options, const CancellationToken* cancel)
{
    std::unordered_set<std::string> keys;
    for (const auto& lock : locks)
        keys.insert(lock.keys.begin(), lock.keys.end());
    auto isLockKey = [&](std::string_view key) {
        return keys.contains(std::string(key)) || LockNaming::looksLikeLockName(key);
    };
    auto satisfied = [&] {
        for (const auto& lock : locks) {
            for (const auto& holder : lock.holders) {
                if (holder.identity.get().source == IdentitySource::Value)
                    continue;
                if (!m_ledger.valueOn(holder.owner, lock.keys)
                    && (holder.clientUuid.empty() || !m_ledger.client(holder.clientUuid.get())))
                    return false;
            }
        }
        return true;
    };
    m_sampleStartMs = epochMillisNow();
    // The connections alive now: one that the sample sees and that leaves before it ends is
    // still named (from this reading), and known to have closed (by the next).
    noteClients(control);
    const ClientList before = m_census.clients(control);
    const long long beforeMs = m_census.readAtMs();
    auto report = CommandSample::run(monitor, control, isLockKey, m_ledger, options, satisfied, cancel);
    if (!m_census.refusal())
        m_ledger.sawClientList(before, beforeMs);
    m_census.expire(); // who is connected after the sample is news
    return report;
}

void HolderIdentifier::attach(RedisConnection& control, std::vector<LockSnapshot>& locks)
{
    noteClients(control);
    const ClientList* clients = m_census.refusal() ? nullptr : &m_census.clients(control);
    HolderAttribution::attach(locks, m_ledger, clients, m_census.readAtMs(), m_sampleStartMs);
}

} // namespace lockscope
