#include "redis/ConnectionOptions.h"

namespace lockscope {

std::string HostPort::toString() const
{
    if (host.find(':') != std::string::npos)
        return "[" + host + "]:" + std::to_string(port);
    return host + ":" + std::to_string(port);
}

std::string ConnectionOptions::describe() const
{
    if (topology == Topology::Sentinel) {
        std::string out = "sentinel master '" + sentinelMaster + "' via ";
        for (size_t i = 0; i < sentinels.size(); ++i)
            out += (i ? "," : "") + sentinels[i].toString();
        return out;
    }
    if (transport == Transport::Unix)
        return "unix:" + unixPath;
    return std::string(tls.enabled ? "rediss://" : "redis://") + HostPort {host, port}.toString();
}

} // namespace lockscope
