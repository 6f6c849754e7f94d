#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace lockscope {

struct TlsOptions
{
    bool enabled = false;
    std::string caFile; // empty: the system's trust store
    std::string certFile; // client certificate, for servers with tls-auth-clients
    std::string keyFile;
    std::string serverName; // SNI and the name verified; empty: the host we connect to
    bool verifyPeer = true; // off only through an explicit "insecure" switch
};

struct HostPort
{
    std::string host;
    int port = 0;
    bool operator==(const HostPort&) const = default;
    std::string toString() const;
};

// Bounds on what one reply may make us allocate; a reply over them is an error, and the
// connection is closed because the rest of the stream can no longer be trusted.
struct ReplyLimits
{
    size_t maxReplyBytes = 64u * 1024 * 1024; // bytes buffered or built for one reply
    size_t maxElements = 4u * 1024 * 1024; // array elements across one reply
};

struct ReconnectPolicy
{
    std::chrono::milliseconds initialDelay {50};
    std::chrono::milliseconds maxDelay {2000};
    // How long one call keeps trying to reconnect before giving up with the last error.
    std::chrono::milliseconds budget {10000};
};

struct ConnectionOptions
{
    enum class Transport
    {
        Tcp,
        Unix
    };
    enum class Topology
    {
        Auto,
        Standalone,
        Sentinel
    };

    Transport transport = Transport::Tcp;
    std::string host = "127.0.0.1";
    int port = 6379;
    std::string unixPath;
    int database = 0;
    std::string user; // empty: password-only AUTH (or none)
    std::string password;
    bool hasPassword = false;
    TlsOptions tls;

    // Sentinel: where the sentinels are and which master to resolve.
    Topology topology = Topology::Auto;
    std::vector<HostPort> sentinels;
    std::string sentinelMaster;

    std::chrono::milliseconds connectTimeout {3000};
    std::chrono::milliseconds commandTimeout {5000};
    bool readOnly = false;
    std::string clientRole = "cli"; // sent as CLIENT SETNAME lockscope:<role>
    ReplyLimits limits;
    ReconnectPolicy reconnect;

    // Where this connection points, for messages (never includes the password).
    std::string describe() const;
};

} // namespace lockscope
