#include "inspect/admin/RemoveStaleWaiters.h"

#include "inspect/LockNaming.h"
#include "locks/LockKeyNames.h"

namespace lockscope {

namespace {

const char* const pruneScript = R"LUA(
local now = redis.call('time')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local removed = 0
while true do
  local head = redis.call('lindex', KEYS[1], 0)
  if not head then break end
  local deadline = redis.call('zscore', KEYS[2], head)
  if deadline and tonumber(deadline) >= nowMs then break end
  redis.call('lpop', KEYS[1])
  redis.call('zrem', KEYS[2], head)
  removed = removed + 1
end
removed = removed + redis.call('zremrangebyscore', KEYS[3], '-inf', '(' .. nowMs)
return removed
)LUA";

} // namespace

Result<AdminResult> RemoveStaleWaiters::remove(RedisConnection& connection, const LockSnapshot& lock)
{
    if (connection.options().readOnly)
        return makeError(ErrorKind::ReadOnlyRefused, "removing waiters refused: the connection is read-only");
    auto reply = connection.command({"EVAL", pruneScript, "3", LockKeyNames::fairQueue(lock.name),
        LockKeyNames::fairTimeouts(lock.name), LockKeyNames::lockscopeWaiters(lock.name)});
    if (!reply)
        return reply.error();
    if (!reply->isInteger())
        return makeError(ErrorKind::Protocol, "the prune script replied " + reply->describe());
    AdminResult result;
    result.outcome = reply->integer() > 0 ? AdminOutcome::Done : AdminOutcome::NothingThere;
    result.message
        = UserText(LOCKSCOPE_TEXT("RemoveStaleWaiters", "%1 stale waiter(s) removed"), reply->integer());
    return result;
}

} // namespace lockscope
