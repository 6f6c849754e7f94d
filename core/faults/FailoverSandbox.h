#pragma once

#include "common/Result.h"
#include "faults/ChaosProxy.h"
#include "faults/FaultInjector.h"
#include "sandbox/RedisServerProcess.h"
#include "sandbox/SandboxSentinel.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

namespace lockscope {

// The failover drill's sandbox: a master, one replica of it and one sentinel that monitors the
// pair, all private redis-server processes on free loopback ports (start them from a thread that
// lives as long as they should, see RedisServerProcess). The replica replicates through a
// ChaosProxy, so the drill can make replication fall behind on purpose: asynchronous
// replication on loopback is far too fast to lose a lock by chance. Failovers are asked of the
// sentinel (SENTINEL FAILOVER) right after the master is killed, not left to its down-after
// timer. After a failover the old master is back as the replica (through a new proxy), so the
// sandbox can fail over again, back and forth.
class FailoverSandbox
{
public:
    static constexpr const char* masterName = "lockscope";

    static Result<std::unique_ptr<FailoverSandbox>> start();
    ~FailoverSandbox();
    FailoverSandbox(const FailoverSandbox&) = delete;
    FailoverSandbox& operator=(const FailoverSandbox&) = delete;

    // redis+sentinel://127.0.0.1:<sentinel port>/lockscope
    std::string url() const;
    RedisServerProcess& master() { return *m_master; }
    RedisServerProcess& replica() { return *m_replica; }

    // On: what the master sends the replica from now on is held back on the way (its link stays
    // up, it just hears nothing); off: it flows again, nothing lost.
    void holdBackReplication(bool on);
    // Drops what replication held back, kills the master (SIGKILL) and has the sentinel promote the replica;
    // returns once the sentinel names the replica as the master and the replica answers ROLE master, and the
    // old master is back, without its data, as the new master's replica that the sentinel knows. Then
    // master() and replica() have swapped.
    Status failOver(std::chrono::milliseconds timeout = std::chrono::milliseconds(30000));
    // Whether the replica has `key` now (EXISTS on the replica).
    bool replicaHasKey(const std::string& key) const;
    // holdBackReplication, failOver and replicaHasKey as the stress engine's failover hooks (they refer to
    // this sandbox, which must outlive the run).
    FaultInjector::Failover drillHooks();

private:
    FailoverSandbox() = default;
    bool sentinelKnowsTheReplica() const;
    bool sentinelNamesTheReplica() const;

    std::unique_ptr<RedisServerProcess> m_master;
    std::unique_ptr<ChaosProxy> m_replicationLink;
    std::unique_ptr<RedisServerProcess> m_replica;
    std::unique_ptr<SandboxSentinel> m_sentinel;
    std::mutex m_failingOver;
};

} // namespace lockscope
