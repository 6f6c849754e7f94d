#pragma once

#include "common/Result.h"
#include "redis/ConnectionOptions.h"
#include "sandbox/RedisServerProcess.h"

#include <chrono>
#include <memory>
#include <string>

namespace lockscope {

class RedisConnection;

// One private redis-sentinel on a free loopback port that monitors one master under a name,
// with quorum 1 (the only sentinel decides), and the questions asked of it: whether it knows a
// replica, whom it names as the master, and a failover on request (SENTINEL FAILOVER). The
// failover drill's sandbox and the tests' Sentinel topology start theirs with this. Start it once
// the replicas are attached: a sentinel learns of replicas from the master's INFO, which it asks
// for on connecting and then only every 10 s.
class SandboxSentinel
{
public:
    // Failovers are asked for, not left to the sentinel: its own timers are set long enough
    // that a busy machine does not start one.
    struct Timing
    {
        // How long the master may be silent before the sentinel fails it over by itself.
        std::chrono::milliseconds downAfter;
        // Redis's failover-timeout: among others, how soon after a failover the sentinel points
        // every replica at the new master itself.
        std::chrono::milliseconds failoverTimeout;
    };

    static Result<std::unique_ptr<SandboxSentinel>> start(
        const std::string& masterName, int masterPort, Timing timing);
    SandboxSentinel(const SandboxSentinel&) = delete;
    SandboxSentinel& operator=(const SandboxSentinel&) = delete;

    RedisServerProcess& process() { return *m_process; }
    int port() const { return m_process->port(); }
    const std::string& masterName() const { return m_masterName; }
    std::string logTail(size_t maxBytes = 2000) const { return m_process->logTail(maxBytes); }

    // Whether the sentinel lists the replica on `replicaPort` as healthy: flags "slave" alone
    // (connected, not subjectively down) and a live link to its master, i.e. fit for promotion.
    bool knowsReplica(int replicaPort) const;
    // Whom the sentinel names as the master (SENTINEL GET-MASTER-ADDR-BY-NAME).
    Result<HostPort> reportedMaster() const;
    // Asks for a failover (SENTINEL FAILOVER) without waiting for it; refused while the
    // sentinel is busy with another or sees no replica fit for promotion.
    Status requestFailover() const;

private:
    SandboxSentinel(std::unique_ptr<RedisServerProcess> process, std::string masterName);
    Result<std::unique_ptr<RedisConnection>> connect() const;

    std::unique_ptr<RedisServerProcess> m_process;
    std::string m_masterName;
};

} // namespace lockscope
