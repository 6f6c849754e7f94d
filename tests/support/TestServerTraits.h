#pragma once

#include "redis/RedisConnection.h"

#include <string>
#include <vector>

namespace lockscope::test {

// redis-server options that rename `commands` away (--rename-command NAME ""): a real server
// that lacks them. Only those a server like `sameKind` knows are renamed; it lacks the others
// already, and renaming a command it does not know would stop it from starting.
std::vector<std::string> renamedAway(RedisConnection& sameKind, const std::vector<std::string>& commands);

// What the redis-server on PATH accepts in its configuration, found once per test process by
// starting one plain server and asking it, never from its version number (the suite also runs
// against other servers: packaging/server-matrix.sh).
struct TestServerTraits
{
    // `&pattern` channel rules in ACL users (Redis 6.2+). Before them every user may use every
    // channel, and the rule itself is a syntax error.
    bool aclChannelRules = false;
    // The cluster-port option (Redis 7.0+). Without it a node's cluster bus listens on
    // port + 10000.
    bool clusterPortOption = false;

    static const TestServerTraits& ofPathServer();
};

} // namespace lockscope::test
