#include "inspect/MasterConnections.h"

#include "redis/ServerProbe.h"

namespace lockscope {

Result<MasterConnections> MasterConnections::open(const ConnectionOptions& options)
{
    auto first = RedisConnection::connect(options);
    if (!first)
        return first.error();
    MasterConnections masters;
    auto info = ServerProbe::probe(**first, 1);
    if (!info)
        return info.error();
    if (info->topology != ServerInfo::Topology::Cluster || info->clusterMasters.empty()) {
        const std::string node = (*first)->endpoint();
        masters.m_masters.push_back({node, std::move(*first)});
        return masters;
    }
    masters.m_cluster = true;
    for (const auto& master : info->clusterMasters) {
        auto connection = RedisConnection::connectTo(options, master.node);
        if (!connection)
            return RedisError {
                connection.error().kind, master.node.toString() + ": " + connection.error().message};
        masters.m_masters.push_back({master.node.toString(), std::move(*connection)});
    }
    return masters;
}

std::vector<InspectTarget> MasterConnections::targets() const
{
    std::vector<InspectTarget> targets;
    for (const auto& master : m_masters)
        targets.push_back({master.node, master.connection.get()});
    return targets;
}

RedisConnection* MasterConnections::connectionFor(const std::string& node) const
{
    for (const auto& master : m_masters) {
        if (master.node == node)
            return master.connection.get();
    }
    return nullptr;
}

} // namespace lockscope
