#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/admin/AdminResult.h"
#include "redis/RedisConnection.h"

namespace lockscope {

// Removes waiters that can no longer be alive, judged by the server's clock in one Lua call:
// Redisson fair-queue entries at the head whose timeout passed (what Redisson itself prunes on
// the next lock attempt; a crashed client's entry otherwise blocks the queue) and LockScope
// waiter registrations past their stale-after moment. Live waiters refresh their deadlines, so
// nothing alive is removed. Refused before anything is sent on a read-only connection.
class RemoveStaleWaiters
{
public:
    static Result<AdminResult> remove(RedisConnection& connection, const LockSnapshot& lock);
};

} // namespace lockscope
