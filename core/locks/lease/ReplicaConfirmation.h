#pragma once

#include "common/Result.h"

#include <chrono>

namespace lockscope {

class RedisConnection;

// WAIT after an acquire: asks the master how many replicas have every write this connection sent
// so far (the lock and its fence), waiting up to `timeout` for `replicas` of them. Replication is
// asynchronous, so a hold the replicas have not confirmed can vanish in a failover. What WAIT
// cannot promise: a replica that confirmed may still not be the one promoted, and a connection
// that was re-established since the acquire has sent nothing, so WAIT confirms nothing about it.
class ReplicaConfirmation
{
public:
    // How many replicas confirmed (possibly fewer than asked for once the timeout passed).
    static Result<long long> wait(
        RedisConnection& connection, int replicas, std::chrono::milliseconds timeout);
};

} // namespace lockscope
