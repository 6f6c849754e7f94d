#pragma once

#include "inspect/LockInspector.h"

#include <string>
#include <vector>

namespace lockscope {

struct FoundLock
{
    LockSnapshot lock;
    InspectTarget target; // the master holding it
};

// Finds the lock called `name` on the given masters without scanning: reads the keys it may
// live under in every known format (NAME, mutex:NAME, semaphore:NAME, the fair queue, ...).
// Usually one result; several when the same name is used by different formats or nodes.
class NamedLockLookup
{
public:
    static Result<std::vector<FoundLock>> find(const std::vector<InspectTarget>& targets,
        const std::string& name, const std::vector<std::string>& lockPatterns = {});
};

} // namespace lockscope
