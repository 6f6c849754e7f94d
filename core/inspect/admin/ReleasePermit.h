#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/admin/AdminResult.h"
#include "redis/RedisConnection.h"

#include <string>

namespace lockscope {

// Gives back one holder's permits of a semaphore, the way its library releases them, in one
// Lua call that acts only if that holder still has them. The recogniser of the semaphore's
// format writes that call (LockRecognizer::permitRelease: redis-semaphore node and ruby,
// Redisson RPermitExpirableSemaphore); other semaphores do not record holders in a way that can
// be given back safely.
class ReleasePermit
{
public:
    static Result<AdminResult> release(
        RedisConnection& connection, const LockSnapshot& semaphore, const std::string& owner);
    // Every holder's permits given back, holder by holder as above (each with its library's
    // wake-up), for a release of the whole semaphore. Refused before anything is sent when one
    // holder's permits cannot be given back safely. Done when at least one holder's were; the
    // message says how many holders had let go meanwhile.
    static Result<AdminResult> releaseAll(RedisConnection& connection, const LockSnapshot& semaphore);
};

} // namespace lockscope
