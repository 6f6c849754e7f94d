#include "stress/DrillServers.h"

#include "faults/FailoverSandbox.h"
#include "redis/RedisUrl.h"
#include "sandbox/RedisServerProcess.h"

#include <mutex>

namespace lockscope {

namespace {

// The run's own server, reached like the one it was given but without that one's credentials,
// TLS or database (a private server has none).
Result<ConnectionOptions> connectionTo(const std::string& url, const ConnectionOptions& given)
{
    ConnectionOptions base;
    base.connectTimeout = given.connectTimeout;
    base.commandTimeout = given.commandTimeout;
    base.clientRole = given.clientRole;
    return parseRedisUrl(url, base);
}

} // namespace

DrillServers::~DrillServers() = default;

Result<std::unique_ptr<DrillServers>> DrillServers::prepare(
    StressParameters& parameters, RedisServerProcess* sandbox, OwnServers own)
{
    std::unique_ptr<DrillServers> servers(new DrillServers());
    if (auto restart = servers->prepareRestart(parameters, sandbox, own); !restart)
        return restart.error();
    if (auto failover = servers->prepareFailover(parameters, sandbox || own == OwnServers::Start); !failover)
        return failover.error();
    return servers;
}

// A crash (SIGKILL) and a start on the same port and directory. A restart that keeps the data
// reloads an AOF written with fsync on every write, so the server is started again with one before
// the run when a drill asks for it (it is still empty then); one that does not keep it deletes the
// data files first. The hook runs on the holder's thread; restarts from two clients at once would
// race on the process, hence the mutex.
Status DrillServers::prepareRestart(StressParameters& parameters, RedisServerProcess* sandbox, OwnServers own)
{
    bool restarts = false;
    bool durable = false;
    for (const auto& fault : parameters.faults) {
        restarts = restarts || fault.kind == FaultSpec::Kind::Restart;
        durable = durable || (fault.kind == FaultSpec::Kind::Restart && fault.persist);
    }
    if (!restarts)
        return Done {};
    if (!sandbox && own == OwnServers::Start) {
        auto started = RedisServerProcess::startSandbox();
        if (!started)
            return started.error();
        m_own = std::move(started.value());
        sandbox = m_own.get();
        auto connection = connectionTo(sandbox->url(), parameters.connection);
        if (!connection)
            return connection.error();
        parameters.connection = *connection;
    }
    if (!sandbox)
        return Done {}; // validate() refuses the drill
    if (durable) {
        sandbox->addArguments({"--appendonly", "yes", "--appendfsync", "always"});
        if (auto restarted = sandbox->restart(); !restarted)
            return restarted.error();
    }
    auto serialised = std::make_shared<std::mutex>();
    parameters.restartServer = [sandbox, serialised](bool persist) -> Status {
        std::lock_guard guard(*serialised);
        sandbox->kill();
        if (!persist)
            sandbox->forgetData();
        return sandbox->restart();
    };
    return Done {};
}

// A master, a replica and a sentinel of the run's own, the run connecting through the sentinel.
Status DrillServers::prepareFailover(StressParameters& parameters, bool allowed)
{
    bool failover = false;
    for (const auto& fault : parameters.faults)
        failover = failover || fault.kind == FaultSpec::Kind::Failover;
    if (!failover || !allowed)
        return Done {}; // validate() refuses the drill
    auto started = FailoverSandbox::start();
    if (!started)
        return started.error();
    m_failover = std::move(started.value());
    auto connection = connectionTo(m_failover->url(), parameters.connection);
    if (!connection)
        return connection.error();
    parameters.connection = *connection;
    parameters.failover = m_failover->drillHooks();
    return Done {};
}

} // namespace lockscope
