#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/admin/AdminResult.h"
#include "redis/RedisConnection.h"

namespace lockscope {

// Releases a lock the way its own library would, but only if Redis still holds exactly what
// the user saw (holders, counts, mode, or the token value), compared and deleted in one Lua
// call: a lock taken by a new holder in the meantime is never removed.
// Redisson: DEL, then PUBLISH `0` on `redisson_lock__channel:{name}` (a fair lock: to the head
// waiter's own channel; a read/write lock: on `redisson_rwlock:{name}`, `1` when the writer is
// released) so that waiters wake up. Token and legacy locks: DEL.
// The release is announced on LockNaming::forceReleaseChannel, in the same step where a script
// does it, for the watchers (to them it is a force-release, not an ordinary release); a server
// that refuses the announcement (an ACL without that channel) does not undo the release.
// Refused before anything is sent on a read-only connection.
class ForceRelease
{
public:
    static Result<AdminResult> release(RedisConnection& connection, const LockSnapshot& observed);
};

} // namespace lockscope
