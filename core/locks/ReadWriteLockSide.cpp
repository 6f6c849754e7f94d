#include "locks/ReadWriteLockSide.h"

#include "locks/LockKeyNames.h"

namespace lockscope {

const char* const ReadWriteLockSide::modeLua = R"lua(
local mode = redis.call('hget', KEYS[1], 'mode');
)lua";

const char* const ReadWriteLockSide::goneUnlockLua = R"lua(
if (mode == false) then
    redis.call('publish', KEYS[2], ARGV[1]);
    return nil;
end;
)lua";

ReadWriteLockSide::ReadWriteLockSide(ConnectionOptions options, std::string name, HolderIdentity identity,
    std::shared_ptr<LockWatchdog> watchdog, Fencing fencing)
    : RedissonHashLock(
        std::move(options), std::move(name), std::move(identity), std::move(watchdog), fencing, Waiting {})
{
}

std::string ReadWriteLockSide::waitChannel() const
{
    return LockKeyNames::readWriteChannel(name());
}

} // namespace lockscope
