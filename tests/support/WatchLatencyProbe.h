#pragma once

#include "inspect/watch/LockEvent.h"
#include "redis/RedisConnection.h"
#include "sandbox/RedisServerProcess.h"

#include <map>
#include <string>
#include <vector>

namespace lockscope::test {

// Measures how long a watcher (keyspace notifications) takes to report a lock appearing,
// changing, being released and expiring: from just after the Redis command returns (for an
// expiry: from the moment its TTL ran out) to the event callback, in milliseconds.
class WatchLatencyProbe
{
public:
    using Latencies = std::map<LockEvent::Type, std::vector<double>>;

    explicit WatchLatencyProbe(RedisServerProcess& server);
    // `trials` rounds of the four changes, each on fresh lock names. `expiringTtlMs` is the
    // lease of the lock left to expire.
    Result<Latencies> measure(int trials, long long expiringTtlMs = 200);

    static double median(std::vector<double> values);
    static std::string describe(const std::vector<double>& values);

private:
    RedisServerProcess& m_server;
};

} // namespace lockscope::test
