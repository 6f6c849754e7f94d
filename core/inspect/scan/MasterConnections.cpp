#include "inspect/scan/MasterConnections.h"

#include "redis/ServerProbe.h"

namespace lockscope {

Result<MasterConnections> MasterConnections::open(const ConnectionOptions& options, int readersPerMaster)
{
    auto first = RedisConnection::connect(options);
    if (!first)
        return first.error();
    MasterConnections masters;
    masters.m_options = options;
    auto info = ServerProbe::probe(**first, 1);
    if (!info)
        return info.error();
    if (info->topology != ServerInfo::Topology::Cluster || info->clusterMasters.empty()) {
        const std::string node = (*first)->endpoint();
        Master master {node, std::move(*first), {}, std::nullopt};
        for (int i = 0; i < readersPerMaster; ++i) {
            auto reader = RedisConnection::connect(options);
            if (!reader)
                break; // fewer readers only cost speed
            master.readers.push_back(std::move(*reader));
        }
        masters.m_masters.push_back(std::move(master));
        return masters;
    }
    for (const auto& master : info->clusterMasters) {
        auto connection = RedisConnection::connectTo(options, master.node);
        if (!connection)
            return RedisError {
                connection.error().kind, master.node.toString() + ": " + connection.error().message};
        Master entry {master.node.toString(), std::move(*connection), {}, master.node};
        for (int i = 0; i < readersPerMaster; ++i) {
            auto reader = RedisConnection::connectTo(options, master.node);
            if (!reader)
                break;
            entry.readers.push_back(std::move(*reader));
        }
        masters.m_masters.push_back(std::move(entry));
    }
    return masters;
}

std::vector<InspectTarget> MasterConnections::targets() const
{
    std::vector<InspectTarget> targets;
    for (const auto& master : m_masters) {
        InspectTarget target {master.node, master.connection.get(), {}};
        for (const auto& reader : master.readers)
            target.readers.push_back(reader.get());
        targets.push_back(std::move(target));
    }
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

Result<std::unique_ptr<RedisConnection>> MasterConnections::openAnother(const std::string& node) const
{
    for (const auto& master : m_masters) {
        if (master.node == node)
            return master.clusterNode ? RedisConnection::connectTo(m_options, *master.clusterNode)
                                      : RedisConnection::connect(m_options);
    }
    return RedisError {ErrorKind::NotFound, "no master " + node};
}

} // namespace lockscope
