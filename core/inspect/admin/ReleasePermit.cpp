#include "inspect/admin/ReleasePermit.h"

#include "inspect/LockNaming.h"
#include "inspect/recognizers/RedissonSemaphoreRecognizer.h"
#include "inspect/recognizers/RubySemaphoreRecognizer.h"

namespace lockscope {

namespace {

const char* const nodeScript = R"LUA(
local removed = 0
for i = 1, #ARGV do removed = removed + redis.call('zrem', KEYS[1], ARGV[i]) end
return removed
)LUA";

const char* const redissonScript = R"LUA(
if redis.call('zrem', KEYS[2], ARGV[1]) ~= 1 then return 0 end
local value = redis.call('incrby', KEYS[1], 1)
redis.call('publish', KEYS[3], value)
return 1
)LUA";

const char* const rubyScript = R"LUA(
if redis.call('hdel', KEYS[1], ARGV[1]) ~= 1 then return 0 end
redis.call('lpush', KEYS[2], ARGV[1])
return 1
)LUA";

} // namespace

Result<AdminResult> ReleasePermit::release(
    RedisConnection& connection, const LockSnapshot& semaphore, const std::string& owner)
{
    if (connection.options().readOnly)
        return makeError(
            ErrorKind::ReadOnlyRefused, "releasing a permit refused: the connection is read-only");
    if (semaphore.kind != LockKind::Semaphore)
        return makeError(ErrorKind::Usage, "'" + semaphore.name + "' is not a semaphore");
    const LockHolder* holder = nullptr;
    for (const auto& candidate : semaphore.holders) {
        if (candidate.owner == owner)
            holder = &candidate;
    }
    if (!holder)
        return makeError(
            ErrorKind::Usage, "no permit holder '" + owner + "' was observed on '" + semaphore.name + "'");

    RedisCommand command;
    if (semaphore.library == "redis-semaphore") {
        command = {"EVAL", nodeScript, "1", "semaphore:" + semaphore.name};
        if (holder->count == 1) {
            // A Semaphore permit is <uuid>; a one-permit MultiSemaphore holder is <uuid>_0.
            command.push_back(owner);
            command.push_back(owner + "_0");
        } else {
            for (long long k = 0; k < holder->count; ++k)
                command.push_back(owner + "_" + std::to_string(k));
        }
    } else if (semaphore.library == "Redisson" && semaphore.holders.size() > 0) {
        command = {"EVAL", redissonScript, "3", semaphore.name,
            RedissonSemaphoreRecognizer::timeoutKeyFor(semaphore.name),
            RedissonSemaphoreRecognizer::channelFor(semaphore.name), owner};
    } else if (semaphore.library == "redis-semaphore (ruby)") {
        command = {"EVAL", rubyScript, "2", RubySemaphoreRecognizer::keyFor(semaphore.name, "GRABBED"),
            RubySemaphoreRecognizer::keyFor(semaphore.name, "AVAILABLE"), owner};
    } else {
        return makeError(
            ErrorKind::Usage, "cannot give back a permit of a " + semaphore.library + " semaphore safely");
    }
    auto reply = connection.command(command);
    if (!reply)
        return reply.error();
    if (!reply->isInteger())
        return makeError(ErrorKind::Protocol, "the permit script replied " + reply->describe());
    AdminResult result;
    if (reply->integer() > 0) {
        result.outcome = AdminOutcome::Done;
        result.message
            = UserText(LOCKSCOPE_TEXT("ReleasePermit", "%1 permit(s) given back"), reply->integer());
    } else {
        result.outcome = AdminOutcome::HolderChanged;
        result.message
            = UserText(LOCKSCOPE_TEXT("ReleasePermit", "not released: the holder no longer has that permit"));
    }
    return result;
}

} // namespace lockscope
