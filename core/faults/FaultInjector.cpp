#include "faults/FaultInjector.h"

#include <chrono>

namespace lockscope {

FaultInjector::FaultInjector(std::vector<FaultSpec> specs, std::vector<LockSpec> lockSpecs, bool fencedWrites,
    RestartServer restartServer)
    : m_specs(std::move(specs))
    , m_lockSpecs(std::move(lockSpecs))
    , m_fencedWrites(fencedWrites)
    , m_restartServer(std::move(restartServer))
    , m_due(m_specs.size(), 0)
{
    for (size_t i = 0; i < m_lockSpecs.size(); ++i)
        m_resources.push_back(std::make_unique<FencedResource>(
            fencedWrites ? FencedResource::Fences::Enforced : FencedResource::Fences::Ignored));
}

std::optional<FaultSpec> FaultInjector::next()
{
    std::lock_guard guard(m_mutex);
    const long long section = ++m_sections;
    for (size_t i = 0; i < m_specs.size(); ++i) {
        const FaultSpec& spec = m_specs[i];
        if (section % spec.every != 0 || (spec.count > 0 && m_due[i] >= spec.count))
            continue;
        ++m_due[i];
        return spec;
    }
    return std::nullopt;
}

void FaultInjector::countInjected(FaultSpec::Kind kind)
{
    std::lock_guard guard(m_mutex);
    ++m_injected[std::string(FaultSpec::kindName(kind))];
}

std::map<std::string, long long> FaultInjector::injected() const
{
    std::lock_guard guard(m_mutex);
    return m_injected;
}

bool FaultInjector::wants(FaultSpec::Kind kind) const
{
    for (const auto& spec : m_specs) {
        if (spec.kind == kind)
            return true;
    }
    return false;
}

Status FaultInjector::restartServer(bool persist) const
{
    if (!m_restartServer)
        return makeError(ErrorKind::Usage, "the restart drill needs a server the run owns (--sandbox)");
    return m_restartServer(persist);
}

void FaultInjector::holdBackReplication(bool on) const
{
    if (m_failover)
        m_failover.holdBackReplication(on);
}

bool FaultInjector::replicaHasKey(const std::string& key) const
{
    return m_failover && m_failover.replicaHasKey(key);
}

Status FaultInjector::failOver() const
{
    if (!m_failover)
        return makeError(ErrorKind::Usage,
            "the failover drill needs a master, a replica and a sentinel the run owns (--sandbox)");
    return m_failover.failOver();
}

void FaultInjector::beginUnreplicatedAcquire()
{
    std::lock_guard guard(m_mutex);
    ++m_unreplicatedAcquires;
}

void FaultInjector::endUnreplicatedAcquire()
{
    {
        std::lock_guard guard(m_mutex);
        --m_unreplicatedAcquires;
    }
    m_unreplicatedAcquiresDone.notify_all();
}

void FaultInjector::waitWhileUnreplicatedAcquires(const CancellationToken& stop)
{
    std::unique_lock guard(m_mutex);
    // In slices: the token cannot wake the wait when the run stops.
    while (m_unreplicatedAcquires > 0 && !stop.isCancelled())
        m_unreplicatedAcquiresDone.wait_for(guard, std::chrono::milliseconds(20));
}

} // namespace lockscope
