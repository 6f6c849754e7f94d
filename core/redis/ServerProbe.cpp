#include "redis/ServerProbe.h"

#include <algorithm>

namespace lockscope {

std::string infoField(std::string_view info, std::string_view field)
{
    size_t pos = 0;
    while (pos < info.size()) {
        auto end = info.find('\n', pos);
        if (end == std::string_view::npos)
            end = info.size();
        std::string_view line = info.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.size() > field.size() && line.substr(0, field.size()) == field && line[field.size()] == ':')
            return std::string(line.substr(field.size() + 1));
        pos = end + 1;
    }
    return {};
}

std::string ServerInfo::topologyName() const
{
    switch (topology) {
    case Topology::Standalone:
        return "standalone";
    case Topology::SentinelMaster:
        return "sentinel master";
    case Topology::Cluster:
        return "cluster";
    }
    return "unknown";
}

Result<ServerInfo> ServerProbe::probe(RedisConnection& connection, int pings)
{
    ServerInfo info;
    auto server = connection.command({"INFO", "server"});
    if (!server)
        return server.error();
    if (!server->isString())
        return makeError(ErrorKind::Protocol, "INFO did not return text");
    info.version = infoField(server->text(), "redis_version");
    const bool isSentinel = infoField(server->text(), "redis_mode") == "sentinel";

    auto role = connection.command({"ROLE"});
    if (role && role->at(0).toStringView())
        info.role = std::string(*role->at(0).toStringView());
    else if (isSentinel)
        info.role = "sentinel";

    if (connection.options().topology == ConnectionOptions::Topology::Sentinel)
        info.topology = ServerInfo::Topology::SentinelMaster;
    auto cluster = connection.command({"INFO", "cluster"});
    if (cluster && cluster->isString() && infoField(cluster->text(), "cluster_enabled") == "1") {
        info.topology = ServerInfo::Topology::Cluster;
        auto slots = connection.command({"CLUSTER", "SLOTS"});
        if (!slots)
            return slots.error();
        auto ranges = parseClusterSlots(*slots);
        if (!ranges)
            return ranges.error();
        for (const auto& master : mastersOf(*ranges)) {
            ServerInfo::ClusterMaster entry {master, 0};
            for (const auto& range : *ranges) {
                if (range.master == master)
                    entry.slots += range.last - range.first + 1;
            }
            info.clusterMasters.push_back(entry);
        }
    }

    if (!isSentinel) {
        auto events = connection.command({"CONFIG", "GET", "notify-keyspace-events"});
        if (events && events->isArray() && events->size() == 2 && events->at(1).isString()) {
            info.keyspaceEvents = events->at(1).text();
            info.keyspaceEventsKnown = true;
        }
    }

    std::vector<std::chrono::microseconds> samples;
    for (int i = 0; i < std::max(1, pings); ++i) {
        const auto start = Clock::now();
        auto pong = connection.command({"PING"});
        if (!pong)
            return pong.error();
        samples.push_back(std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start));
    }
    std::sort(samples.begin(), samples.end());
    info.roundTrip = samples[samples.size() / 2];
    info.endpoint = connection.endpoint();
    return info;
}

} // namespace lockscope
