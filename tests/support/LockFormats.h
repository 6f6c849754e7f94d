#pragma once

#include "redis/RedisConnection.h"

#include <string>

namespace lockscope::test {

// Writes locks exactly as their libraries do (Redisson's own Lua scripts, the documented SET
// arguments), and makes the random values those libraries use. The formats themselves are
// described where LockScope reads them: the recognizers in core/inspect/recognizers/.
class LockFormats
{
public:
    static std::string randomHex(size_t length);
    static std::string randomAlnum(size_t length);
    static std::string uuidV4();
    // uuid.uuid1().hex for the given moment (redis-py's token).
    static std::string uuid1Hex(long long epochMs);
    static long long serverNowMs(RedisConnection& connection);

    // Redisson RLock.tryLockInnerAsync: HINCRBY <name> <uuid>:<tid> 1, PEXPIRE lease.
    static Status redissonLock(RedisConnection& connection, const std::string& name, const std::string& uuid,
        long long threadId, long long leaseMs);
    // Redisson RReadWriteLock read / write acquisition scripts.
    static Status redissonReadLock(RedisConnection& connection, const std::string& name,
        const std::string& uuid, long long threadId, long long leaseMs);
    static Status redissonWriteLock(RedisConnection& connection, const std::string& name,
        const std::string& uuid, long long threadId, long long leaseMs);
};

} // namespace lockscope::test
