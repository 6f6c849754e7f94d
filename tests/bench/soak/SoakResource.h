#pragma once

#include "common/Result.h"
#include "redis/RedisConnection.h"

#include <string>

namespace lockscope::soak {

// The soak's protected resource, shared by every client process: a redis-server of its own
// (not the lock server, which the soak restarts) where a script takes a write only if its fence
// is above the highest one the lock's resource has taken, as Kleppmann's fenced storage does,
// and keeps every accepted fence in a list for the independent check at the end.
class SoakResource
{
public:
    // One write of a critical section of lock `lock`; true when it was accepted.
    static Result<bool> write(
        RedisConnection& connection, int lock, long long fence, const std::string& writer);
    // Counts a fault a client injected (pause, partition) under its name.
    static Status countFault(RedisConnection& connection, const std::string& kind);

    struct Totals
    {
        long long accepted = 0;
        long long rejected = 0;
        long long pauses = 0;
        long long partitions = 0;
        long long sections() const { return accepted + rejected; }
    };
    static Result<Totals> totals(RedisConnection& connection);
    // The independent pass: every lock's accepted fences, in the order they were accepted, must
    // rise strictly. How many did not (must be 0).
    static Result<long long> acceptedOutOfOrder(RedisConnection& connection, int locks);
};

} // namespace lockscope::soak
