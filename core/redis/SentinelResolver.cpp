#include "redis/SentinelResolver.h"

#include "redis/RedisConnection.h"

#include <thread>

namespace lockscope {

namespace {

Result<HostPort> askSentinel(const ConnectionOptions& options, const HostPort& sentinel)
{
    ConnectionOptions probe = options;
    probe.topology = ConnectionOptions::Topology::Standalone;
    probe.transport = ConnectionOptions::Transport::Tcp;
    probe.host = sentinel.host;
    probe.port = sentinel.port;
    // Sentinels have their own (usually no) credentials and no databases.
    probe.user.clear();
    probe.password.clear();
    probe.hasPassword = false;
    probe.database = 0;
    probe.readOnly = true;
    probe.clientRole = "sentinel-probe";
    probe.reconnect.budget = std::chrono::milliseconds(0);
    auto connection = RedisConnection::connect(probe);
    if (!connection)
        return connection.error();
    auto reply = (*connection)->command({"SENTINEL", "get-master-addr-by-name", options.sentinelMaster});
    if (!reply)
        return reply.error();
    if (reply->isNil())
        return makeError(ErrorKind::NotFound,
            "sentinel " + sentinel.toString() + " knows no master named '" + options.sentinelMaster + "'");
    const auto host = reply->at(0).toStringView();
    const auto port = reply->at(1).toInteger();
    if (!reply->isArray() || reply->size() != 2 || !host || host->empty() || !port || *port <= 0
        || *port > 65535)
        return makeError(
            ErrorKind::Protocol, "sentinel " + sentinel.toString() + " answered " + reply->describe());
    return HostPort {std::string(*host), static_cast<int>(*port)};
}

Status confirmMaster(const ConnectionOptions& options, const HostPort& master)
{
    ConnectionOptions probe = options;
    probe.topology = ConnectionOptions::Topology::Standalone;
    probe.reconnect.budget = std::chrono::milliseconds(0);
    auto connection = RedisConnection::connectTo(probe, master);
    if (!connection)
        return connection.error();
    auto role = (*connection)->command({"ROLE"});
    if (!role)
        return role.error();
    if (role->at(0).toStringView() != std::string_view("master"))
        return makeError(ErrorKind::ReadOnlyReplica, master.toString() + " is not (or no longer) a master");
    return Done {};
}

} // namespace

Result<HostPort> SentinelResolver::resolveMaster(const ConnectionOptions& options)
{
    if (options.sentinels.empty())
        return makeError(ErrorKind::Usage, "no sentinel given");
    RedisError lastError = makeError(ErrorKind::ConnectionRefused, "no sentinel answered");
    // During a failover sentinels may briefly point at the demoted master: try them all, twice.
    for (int round = 0; round < 2; ++round) {
        for (const auto& sentinel : options.sentinels) {
            auto master = askSentinel(options, sentinel);
            if (!master) {
                lastError = master.error();
                if (lastError.kind == ErrorKind::NotFound)
                    return lastError;
                continue;
            }
            auto confirmed = confirmMaster(options, *master);
            if (confirmed)
                return master;
            lastError = confirmed.error();
            if (lastError.kind == ErrorKind::AuthFailed)
                return lastError;
        }
        if (round == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    lastError.message = "cannot resolve master '" + options.sentinelMaster + "': " + lastError.message;
    return lastError;
}

} // namespace lockscope
