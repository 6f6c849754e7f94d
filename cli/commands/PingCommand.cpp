#include "cli/commands/PingCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "common/JsonWriter.h"
#include "redis/RedisConnection.h"
#include "redis/ServerProbe.h"

#include <iomanip>
#include <ostream>

namespace lockscope {

int PingCommand::run(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    ConnectionOptions connectionOptions = options.connection;
    connectionOptions.clientRole = "cli";
    auto connection = RedisConnection::connect(connectionOptions);
    if (!connection) {
        err << "lockscope-cli: " << options.connection.describe() << ": " << connection.error().toString()
            << "\n";
        return exitCodeFor(connection.error().kind);
    }
    auto info = ServerProbe::probe(**connection);
    if (!info) {
        err << "lockscope-cli: " << options.connection.describe() << ": " << info.error().toString() << "\n";
        return exitCodeFor(info.error().kind);
    }
    if (options.arguments.ping.json) {
        JsonWriter json;
        json.beginObject().key("server").string(info->endpoint);
        json.key("version").string(info->version).key("role").string(info->role);
        json.key("topology").string(info->topologyName());
        if (info->topology == ServerInfo::Topology::SentinelMaster)
            json.key("sentinel_master").string(options.connection.sentinelMaster);
        json.key("cluster_masters").beginArray();
        for (const auto& master : info->clusterMasters)
            json.beginObject()
                .key("node")
                .string(master.node.toString())
                .key("slots")
                .number(static_cast<long long>(master.slots))
                .endObject();
        json.endArray().key("keyspace_events");
        if (info->keyspaceEventsKnown)
            json.string(info->keyspaceEvents);
        else
            json.null();
        json.key("round_trip_ms").number(info->roundTrip.count() / 1000.0).endObject();
        out << json.text() << "\n";
        return ExitOk;
    }
    out << "server:     " << info->endpoint << "\n";
    out << "version:    " << (info->version.empty() ? "unknown" : info->version) << "\n";
    out << "role:       " << (info->role.empty() ? "unknown" : info->role) << "\n";
    out << "topology:   " << info->topologyName();
    if (info->topology == ServerInfo::Topology::SentinelMaster)
        out << " '" << options.connection.sentinelMaster << "'";
    if (info->topology == ServerInfo::Topology::Cluster)
        out << " with " << info->clusterMasters.size() << " masters";
    out << "\n";
    for (const auto& master : info->clusterMasters)
        out << "  master    " << master.node.toString() << " (" << master.slots << " slots)\n";
    out << "keyspace events: "
        << (info->keyspaceEventsKnown ? (info->keyspaceEvents.empty() ? "off" : info->keyspaceEvents)
                                      : "unknown (CONFIG GET refused)")
        << "\n";
    out << "round trip: " << std::fixed << std::setprecision(3) << info->roundTrip.count() / 1000.0
        << " ms\n";
    return ExitOk;
}

} // namespace lockscope
