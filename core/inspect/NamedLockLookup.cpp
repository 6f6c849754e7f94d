#include "inspect/NamedLockLookup.h"

#include "inspect/recognizers/RecognizerCatalog.h"
#include "inspect/scan/GlobPattern.h"

#include <algorithm>

namespace lockscope {

namespace {

bool isCalled(const LockSnapshot& lock, const std::string& name)
{
    // The token recogniser names a mutex by its key (mutex:NAME); accept both spellings.
    return lock.isNamed(name) || lock.name == "mutex:" + name;
}

void keepCalled(std::vector<LockSnapshot>& locks, const std::string& name, const InspectTarget& target,
    std::vector<FoundLock>& found)
{
    for (auto& lock : locks) {
        if (!isCalled(lock, name))
            continue;
        const bool seen = std::any_of(found.begin(), found.end(), [&](const FoundLock& other) {
            return other.target.node == target.node && other.lock.name == lock.name;
        });
        if (!seen)
            found.push_back({std::move(lock), target});
    }
}

} // namespace

Result<std::vector<FoundLock>> NamedLockLookup::find(const std::vector<InspectTarget>& targets,
    const std::string& name, const std::vector<std::string>& lockPatterns)
{
    std::vector<FoundLock> found;
    InspectOptions options;
    options.lockPatterns = lockPatterns;
    for (const auto& target : targets) {
        auto locks = LockInspector::inspectKeys(target, RecognizerCatalog::keysOfLock(name), options);
        if (!locks)
            return locks.error();
        keepCalled(*locks, name, target, found);
    }
    // A key names its lock: no other lock can be told by it, so the keyspace is not scanned (a
    // scan of a million keys takes seconds).
    const bool namedByKey = std::any_of(found.begin(), found.end(), [&](const FoundLock& candidate) {
        const auto& keys = candidate.lock.keys;
        return std::find(keys.begin(), keys.end(), name) != keys.end();
    });
    if (namedByKey)
        return found;
    // A library's name for a lock is part of its key, after prefixes only the key shows (an app's
    // Laravel prefixes, a ShedLock environment, a Spring registry): the keys holding the name are
    // scanned for locks of that name, which also finds it under two prefixes.
    InspectOptions scan = options;
    scan.scan.patterns = {"*" + GlobPattern::literal(name) + "*"};
    auto scanned = LockInspector::inspect(targets, scan);
    if (!scanned.failures.empty())
        return scanned.failures.front().error;
    for (const auto& target : targets) {
        std::vector<LockSnapshot> onTarget;
        for (const auto& lock : scanned.locks) {
            if (lock.node == target.node)
                onTarget.push_back(lock);
        }
        keepCalled(onTarget, name, target, found);
    }
    return found;
}

} // namespace lockscope
