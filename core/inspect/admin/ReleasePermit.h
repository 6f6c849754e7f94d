#pragma once

#include "inspect/admin/AdminResult.h"
#include "inspect/LockSnapshot.h"
#include "redis/RedisConnection.h"

#include <string>

namespace lockscope {

// Gives back one holder's permits of a semaphore, the way its library releases them, in one
// Lua call that acts only if that holder still has them:
//   redis-semaphore (node): ZREM its member(s) from `semaphore:<name>`;
//   Redisson RPermitExpirableSemaphore: ZREM the permit id, INCRBY the permits, PUBLISH the new
//   count on `redisson_sc:{name}` (waking waiters);
//   redis-semaphore (ruby): HDEL the token from GRABBED and push it back onto AVAILABLE (waking a
//   client blocked in BLPOP).
// Other semaphores do not record holders in a way that can be given back safely.
class ReleasePermit
{
public:
    static Result<AdminResult> release(
        RedisConnection& connection, const LockSnapshot& semaphore, const std::string& owner);
};

} // namespace lockscope
