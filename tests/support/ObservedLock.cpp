#include "support/ObservedLock.h"

#include "inspect/NamedLockLookup.h"

namespace lockscope::test {

std::optional<LockSnapshot> observeLock(RedisConnection& connection, const std::string& name)
{
    auto found = NamedLockLookup::find({{"n", &connection}}, name);
    if (!found || found->size() != 1)
        return std::nullopt;
    return found->front().lock;
}

} // namespace lockscope::test
