#pragma once

#include "redis/RedisConnection.h"
#include "sandbox/RedisServerProcess.h"

#include <memory>
#include <string>

namespace lockscope::test {

// Starts a redis-server on a free loopback port for one test. On failure it records why
// (with the server's log) through QWARN and returns nullptr: callers QVERIFY the result.
std::unique_ptr<RedisServerProcess> startServer(RedisServerConfig config = {});

// A server configuration whose only user is `user` (password `password`, every key, channel
// and command); the default user is off, so a client must log in as `user`.
RedisServerConfig aclWithOnlyUser(const std::string& user, const std::string& password);

// Options pointing at `server` over TCP, with test-friendly timeouts.
ConnectionOptions optionsFor(const RedisServerProcess& server, ConnectionOptions base = {});

// A connection to `server`, or nullptr (with a warning saying why).
std::unique_ptr<RedisConnection> connectTo(const RedisServerProcess& server, ConnectionOptions base = {});

} // namespace lockscope::test
