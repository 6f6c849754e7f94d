#include "locks/lease/ReplicaConfirmation.h"

#include "redis/RedisConnection.h"

#include <algorithm>
#include <string>

namespace lockscope {

Result<long long> ReplicaConfirmation::wait(
    RedisConnection& connection, int replicas, std::chrono::milliseconds timeout)
{
    const auto ms = std::max<long long>(1, timeout.count());
    // WAIT counts the replicas that have what this connection wrote. On a connection opened
    // since the lock was written (the server went away before or during the WAIT, and the
    // connection reconnected, possibly to a newly promoted master, and sent the WAIT again), it
    // counts replicas of nothing and answers at once: no confirmation at all.
    const int reconnectsBefore = connection.reconnectCount();
    // The command may block for the whole timeout: the connection's own timeout gets a margin.
    auto reply = connection.command({"WAIT", std::to_string(replicas), std::to_string(ms)},
        std::chrono::milliseconds(ms) + std::chrono::milliseconds(2000));
    if (connection.reconnectCount() != reconnectsBefore)
        return makeError(ErrorKind::Disconnected,
            "the connection to the server was re-established: WAIT cannot confirm what was written before");
    if (!reply)
        return reply.error();
    if (reply->isError())
        return RedisError::fromServerReply(reply->text());
    // An untrusted reply: only a non-negative integer is a count of replicas.
    if (!reply->isInteger() || reply->integer() < 0)
        return makeError(
            ErrorKind::Protocol, "WAIT answered " + reply->describe() + ", not a count of replicas");
    return reply->integer();
}

} // namespace lockscope
