#pragma once

#include "redis/ConnectionOptions.h"

#include <string>

namespace lockscope {

// One server of a fleet: the name people and metrics know it by (a profile's name, the name a
// fleet file gives it, else where it is) and how to reach it (TLS and ACL per server).
struct FleetMember
{
    std::string name;
    ConnectionOptions connection;
    std::string origin; // where it was given, for notes: "--url", "servers.fleet:3"
    // From a saved profile (SavedProfiles): its name, its history database (empty: its own file
    // or none) and its production mark (admin actions need a reason).
    std::string profile;
    std::string historyDatabase;
    bool production = false;

    // host:port (a socket's path, a sentinel's master name): the name of a member given none.
    static std::string defaultName(const ConnectionOptions& connection);
    // What makes two members the same server: where they connect and which database they read.
    static std::string endpointOf(const ConnectionOptions& connection);
};

} // namespace lockscope
