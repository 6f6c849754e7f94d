#include "fleet/FleetMember.h"

namespace lockscope {

std::string FleetMember::defaultName(const ConnectionOptions& connection)
{
    if (connection.topology == ConnectionOptions::Topology::Sentinel)
        return connection.sentinelMaster;
    if (connection.transport == ConnectionOptions::Transport::Unix)
        return connection.unixPath;
    return HostPort {connection.host, connection.port}.toString();
}

std::string FleetMember::endpointOf(const ConnectionOptions& connection)
{
    return connection.describe() + "/" + std::to_string(connection.database);
}

} // namespace lockscope
