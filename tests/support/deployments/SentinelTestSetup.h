#pragma once

#include "redis/RedisConnection.h"
#include "sandbox/RedisServerProcess.h"
#include "sandbox/SandboxSentinel.h"

#include <chrono>
#include <memory>
#include <string>

namespace lockscope::test {

// A master, one replica of it and one sentinel that monitors the pair as "mymaster", all on
// free loopback ports. start() returns once the sentinel knows the replica and considers it
// fit for promotion, so a test may fail over at once.
class SentinelTestSetup
{
public:
    static constexpr const char* masterName = "mymaster";

    // nullptr (with a warning saying why) when a process does not start or the sentinel does
    // not come to know the replica in time.
    static std::unique_ptr<SentinelTestSetup> start();
    ~SentinelTestSetup();

    RedisServerProcess& master() { return *m_master; }
    RedisServerProcess& replica() { return *m_replica; }
    RedisServerProcess& sentinel() { return m_sentinel->process(); }

    // redis+sentinel://127.0.0.1:<sentinel port>/<name>
    std::string url(const std::string& name = masterName) const;
    // The URL parsed, with test-friendly timeouts.
    ConnectionOptions options(const std::string& name = masterName) const;

    // What the sentinel currently answers to SENTINEL get-master-addr-by-name.
    Result<HostPort> reportedMaster() const;
    // Asks the sentinel for a failover (SENTINEL FAILOVER), without waiting for it.
    Status requestFailover() const;
    // Waits until the sentinel names `expected` as the master.
    bool waitUntilReportedMasterIs(const HostPort& expected, std::chrono::milliseconds timeout) const;
    // Waits until ROLE on `server` answers `role` ("master" or "slave").
    static bool waitUntilRoleIs(
        const RedisServerProcess& server, const std::string& role, std::chrono::milliseconds timeout);

private:
    SentinelTestSetup() = default;

    std::unique_ptr<RedisServerProcess> m_master;
    std::unique_ptr<RedisServerProcess> m_replica;
    std::unique_ptr<SandboxSentinel> m_sentinel;
};

} // namespace lockscope::test
