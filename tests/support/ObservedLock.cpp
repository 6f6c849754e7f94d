#include "support/ObservedLock.h"

#include "inspect/LockInspector.h"
#include "inspect/NamedLockLookup.h"

#include <QtGlobal>

namespace lockscope::test {

std::optional<LockSnapshot> observeLock(RedisConnection& connection, const std::string& name)
{
    auto found = NamedLockLookup::find({{"n", &connection}}, name);
    if (!found || found->size() != 1)
        return std::nullopt;
    return found->front().lock;
}

std::vector<LockSnapshot> listLocks(
    RedisConnection& connection, std::vector<std::string> lockPatterns, std::vector<std::string> scanPatterns)
{
    InspectOptions options;
    options.lockPatterns = std::move(lockPatterns);
    options.scan.patterns = std::move(scanPatterns);
    auto result = LockInspector::inspect({{"test-node", &connection}}, options);
    for (const auto& failure : result.failures)
        qWarning("%s: %s", failure.node.c_str(), failure.error.toString().c_str());
    return result.locks;
}

const LockSnapshot* findLock(const std::vector<LockSnapshot>& locks, const std::string& name)
{
    for (const auto& lock : locks) {
        if (lock.name == name)
            return &lock;
    }
    return nullptr;
}

} // namespace lockscope::test
