#pragma once

#include "redis/ClusterSlots.h"
#include "redis/RedisConnection.h"

#include <chrono>
#include <string>
#include <vector>

namespace lockscope {

struct ServerInfo
{
    enum class Topology
    {
        Standalone,
        SentinelMaster,
        Cluster
    };

    std::string endpoint;
    std::string version;
    std::string role; // master, slave, sentinel
    Topology topology = Topology::Standalone;
    struct ClusterMaster
    {
        HostPort node;
        int slots = 0;
    };
    std::vector<ClusterMaster> clusterMasters;
    std::string keyspaceEvents; // notify-keyspace-events, or empty when CONFIG GET is refused
    bool keyspaceEventsKnown = false;
    std::chrono::microseconds roundTrip {}; // median of a few PINGs

    std::string topologyName() const;
};

// What a connection leads to: version, role, topology and round-trip time. Read-only.
class ServerProbe
{
public:
    static Result<ServerInfo> probe(RedisConnection& connection, int pings = 5);
};

// A value from an INFO reply ("field:value" lines); empty when absent.
std::string infoField(std::string_view info, std::string_view field);

} // namespace lockscope
