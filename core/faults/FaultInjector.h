#pragma once

#include "common/CancellationToken.h"
#include "faults/FaultSpec.h"
#include "faults/FencedResource.h"
#include "locks/LockFactory.h"

#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace lockscope {

// The fault drills' shared state during a stress run: which section gets which fault (counting
// the sections of all clients together), how many were injected, the fenced resource of each
// lock that every drill section writes to, what a killed holder's process needs to take the
// lock, and how to restart the server.
class FaultInjector
{
public:
    // Restarts the redis-server the run owns, keeping its data when `persist` (AOF) or not.
    using RestartServer = std::function<Status(bool persist)>;
    // The failover drill's hooks on a master + replica + sentinel the run owns.
    struct Failover
    {
        // On: what the master sends its replica from now on never reaches it (asynchronous
        // replication that has fallen behind); off: the link carries it again.
        std::function<void(bool on)> holdBackReplication;
        // The master dies and the sentinel promotes the replica; returns once it is promoted.
        std::function<Status()> failOver;
        // Whether the replica has `key` (a lock some earlier holder's release has not removed
        // there yet, because replication was held back just before that release reached it).
        std::function<bool(const std::string& key)> replicaHasKey;
        explicit operator bool() const { return holdBackReplication && failOver && replicaHasKey; }
    };

    FaultInjector(std::vector<FaultSpec> specs, std::vector<LockSpec> lockSpecs, bool fencedWrites,
        RestartServer restartServer);

    // Whether holds made from `spec` carry fencing tokens: every kind but legacy and naive
    // (LockFactory::noFenceRefusal), unless fencing is turned off.
    static bool handsOutFences(const LockSpec& spec)
    {
        return spec.fenced && spec.kind != LockAlgorithm::Legacy && spec.kind != LockAlgorithm::Naive;
    }

    // Called as a section starts: the fault due for it, if any.
    std::optional<FaultSpec> next();
    void countInjected(FaultSpec::Kind kind);
    std::map<std::string, long long> injected() const;

    const std::vector<FaultSpec>& specs() const { return m_specs; }
    const LockSpec& lockSpec(size_t lock) const { return m_lockSpecs[lock]; }
    FencedResource& resource(size_t lock) { return *m_resources[lock]; }
    size_t resourceCount() const { return m_resources.size(); }
    bool fencedWrites() const { return m_fencedWrites; }
    bool wants(FaultSpec::Kind kind) const;
    Status restartServer(bool persist) const;
    void setFailover(Failover failover) { m_failover = std::move(failover); }
    void holdBackReplication(bool on) const;
    bool replicaHasKey(const std::string& key) const;
    Status failOver() const;
    // A failover section takes its lock with replication held back, and keeps it only if the
    // replica already has every earlier release (else the promoted replica keeps a stale lock).
    // The lock must be free at such a moment, but clients that go straight back for it (no
    // think time; a waiter that a release wakes takes it at once) never leave it free: while a
    // failover section is taking its lock, the other clients start no new section.
    void beginUnreplicatedAcquire();
    void endUnreplicatedAcquire();
    void waitWhileUnreplicatedAcquires(const CancellationToken& stop);

private:
    const std::vector<FaultSpec> m_specs;
    const std::vector<LockSpec> m_lockSpecs;
    const bool m_fencedWrites;
    const RestartServer m_restartServer;
    Failover m_failover;
    std::vector<std::unique_ptr<FencedResource>> m_resources;

    mutable std::mutex m_mutex;
    long long m_sections = 0;
    std::vector<long long> m_due; // per spec: sections it was due at
    std::map<std::string, long long> m_injected;
    int m_unreplicatedAcquires = 0;
    std::condition_variable m_unreplicatedAcquiresDone;
};

} // namespace lockscope
