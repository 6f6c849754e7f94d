#pragma once

#include <optional>
#include <string>

namespace lockscope {

// One connection of a server, as a CLIENT LIST line describes it. Text fields are raw bytes as
// the server sent them (a name is whatever the client set: never trusted, never parsed).
struct ServerClient
{
    long long id = 0; // unique for the server's lifetime: what CLIENT KILL ID takes
    std::string addr; // ip:port (or a unix socket's path) it connects from
    std::string laddr; // the server's address it connected to (Redis 6.2+)
    std::string name; // CLIENT SETNAME
    std::string user; // ACL user (Redis 6+)
    std::string libName; // CLIENT SETINFO lib-name (Redis 7.2+, Valkey 8+), where sent
    std::string libVer;
    long long ageSeconds = 0;
    long long idleSeconds = 0;
    std::string flags;
    std::string cmd; // the last command it ran
    long long subscriptions = 0; // sub: channels it is subscribed to
};

} // namespace lockscope
