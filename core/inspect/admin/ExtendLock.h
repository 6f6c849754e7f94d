#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/admin/AdminResult.h"
#include "redis/RedisConnection.h"

#include <chrono>

namespace lockscope {

// Sets a lock's remaining lease to `ttl`, only if Redis still holds what the user saw (one Lua
// call). Redisson hashes and token locks: PEXPIRE (a read/write lock's rwlock_timeout keys too).
// A legacy lock is judged by its value, so its timestamp moves to server time + ttl (in the unit
// it was written in). Refused before anything is sent on a read-only connection.
class ExtendLock
{
public:
    static Result<AdminResult> extend(
        RedisConnection& connection, const LockSnapshot& observed, std::chrono::milliseconds ttl);
};

} // namespace lockscope
