#include "inspect/NamedLockLookup.h"

#include "inspect/recognizers/RecognizerCatalog.h"

namespace lockscope {

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
        for (auto& lock : *locks) {
            // The token recogniser names a mutex by its key (mutex:NAME); accept both spellings.
            if (lock.name == name || lock.name == "mutex:" + name)
                found.push_back({std::move(lock), target});
        }
    }
    return found;
}

} // namespace lockscope
