#pragma once

#include "redis/RedisConnection.h"
#include "sandbox/RedisServerProcess.h"

#include <memory>

namespace lockscope::test {

// Starts a redis-server on a free loopback port for one test. On failure it records why
// (with the server's log) through QWARN and returns nullptr: callers QVERIFY the result.
std::unique_ptr<RedisServerProcess> startServer(RedisServerConfig config = {});

// Options pointing at `server` over TCP, with test-friendly timeouts.
ConnectionOptions optionsFor(const RedisServerProcess& server, ConnectionOptions base = {});

// A connection to `server`, or nullptr (with a warning saying why).
std::unique_ptr<RedisConnection> connectTo(const RedisServerProcess& server, ConnectionOptions base = {});

} // namespace lockscope::test
