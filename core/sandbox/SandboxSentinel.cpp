#include "sandbox/SandboxSentinel.h"

#include "redis/RedisConnection.h"
#include "sandbox/FreePort.h"

namespace lockscope {

namespace {

using namespace std::chrono_literals;

// Sentinel describes instances as flat [name, value, name, value, ...] arrays (untrusted).
std::string fieldOf(const RedisReply& flatMap, std::string_view name)
{
    for (size_t i = 0; i + 1 < flatMap.size(); i += 2) {
        if (flatMap.at(i).toStringView() == name && flatMap.at(i + 1).toStringView())
            return std::string(*flatMap.at(i + 1).toStringView());
    }
    return {};
}

} // namespace

SandboxSentinel::SandboxSentinel(std::unique_ptr<RedisServerProcess> process, std::string masterName)
    : m_process(std::move(process))
    , m_masterName(std::move(masterName))
{
}

Result<std::unique_ptr<SandboxSentinel>> SandboxSentinel::start(
    const std::string& masterName, int masterPort, Timing timing)
{
    const std::string rules = "sentinel monitor " + masterName + " 127.0.0.1 " + std::to_string(masterPort)
        + " 1\nsentinel down-after-milliseconds " + masterName + " "
        + std::to_string(timing.downAfter.count()) + "\nsentinel failover-timeout " + masterName + " "
        + std::to_string(timing.failoverTimeout.count()) + "\nsentinel parallel-syncs " + masterName + " 1\n";
    // A sentinel is started on a port picked beforehand (it needs it in its configuration), so
    // another process may take that port first: try a few.
    RedisError lastError = makeError(ErrorKind::Internal, "no free port for the sentinel");
    for (int attempt = 0; attempt < 5; ++attempt) {
        RedisServerConfig config;
        config.sentinel = true;
        config.unixSocket = false;
        config.port = pickFreePort();
        config.configText = "port " + std::to_string(config.port) + "\nbind 127.0.0.1\n" + rules;
        auto process = RedisServerProcess::start(config);
        if (process)
            return std::unique_ptr<SandboxSentinel>(new SandboxSentinel(std::move(*process), masterName));
        lastError = process.error();
    }
    return lastError;
}

Result<std::unique_ptr<RedisConnection>> SandboxSentinel::connect() const
{
    // A short-lived connection for one question: no reconnecting, short timeouts.
    ConnectionOptions options;
    options.host = "127.0.0.1";
    options.port = m_process->port();
    options.connectTimeout = 1000ms;
    options.commandTimeout = 5000ms;
    options.reconnect.budget = 0ms;
    options.clientRole = "sandbox";
    return RedisConnection::connect(options);
}

bool SandboxSentinel::knowsReplica(int replicaPort) const
{
    auto sentinel = connect();
    if (!sentinel)
        return false;
    auto replicas = (*sentinel)->command({"SENTINEL", "REPLICAS", m_masterName});
    if (!replicas || !replicas->isArray())
        return false;
    for (const auto& replica : replicas->elements()) {
        if (fieldOf(replica, "port") == std::to_string(replicaPort) && fieldOf(replica, "flags") == "slave"
            && fieldOf(replica, "master-link-status") == "ok")
            return true;
    }
    return false;
}

Result<HostPort> SandboxSentinel::reportedMaster() const
{
    auto sentinel = connect();
    if (!sentinel)
        return sentinel.error();
    auto reply = (*sentinel)->command({"SENTINEL", "GET-MASTER-ADDR-BY-NAME", m_masterName});
    if (!reply)
        return reply.error();
    const auto host = reply->at(0).toStringView();
    const auto port = reply->at(1).toInteger();
    if (!reply->isArray() || reply->size() != 2 || !host || !port)
        return makeError(ErrorKind::Protocol, "the sentinel named no master: " + reply->describe());
    return HostPort {std::string(*host), static_cast<int>(*port)};
}

Status SandboxSentinel::requestFailover() const
{
    auto sentinel = connect();
    if (!sentinel)
        return sentinel.error();
    auto reply = (*sentinel)->command({"SENTINEL", "FAILOVER", m_masterName});
    if (!reply)
        return reply.error();
    return Done {};
}

} // namespace lockscope
