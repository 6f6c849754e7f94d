#pragma once

namespace lockscope::test {

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

