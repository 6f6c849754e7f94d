#pragma once

#include "inspect/LockInspector.h"
#include "redis/RedisConnection.h"

#include <memory>
#include <optional>
#include <vector>

namespace lockscope {

// One connection per master of whatever `options` points at: the server itself when
// standalone (or the master a sentinel names), every master of a cluster otherwise. Each comes
// with its node label (host:port) for the inspector.
class MasterConnections
{
public:
    // `readersPerMaster` extra connections per master let the inspector read in parallel.
    static Result<MasterConnections> open(const ConnectionOptions& options, int readersPerMaster = 0);

    std::vector<InspectTarget> targets() const;
    // The connection of the node labelled `node`, or nullptr.
    RedisConnection* connectionFor(const std::string& node) const;
    // One more connection to the node labelled `node` (for a connection that cannot take other
    // commands meanwhile: a MONITOR sample).
    Result<std::unique_ptr<RedisConnection>> openAnother(const std::string& node) const;

private:
    struct Master
    {
        std::string node;
        std::unique_ptr<RedisConnection> connection;
        std::vector<std::unique_ptr<RedisConnection>> readers;
        std::optional<HostPort> clusterNode; // how to reach it again: the node, or `m_options`
    };
    ConnectionOptions m_options;
    std::vector<Master> m_masters;
};

} // namespace lockscope
