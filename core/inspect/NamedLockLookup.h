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

// Finds the locks called `name` on the given masters: by one of their keys or LockScope's name
// for them (read directly from the keys the name may live under in every known format: NAME,
// mutex:NAME, semaphore:NAME, the fair queue, ...; a name that is a found lock's key ends the
// search there), or by their library's name (LockSnapshot::apiName: `reports:monthly` for a
// Laravel lock under its app's prefixes), found by a SCAN of the keys that contain the name. Usually one
// result; several when the same name is used by different formats, prefixes or nodes: callers refuse to guess
// between them.
class NamedLockLookup
{
public:
    static Result<std::vector<FoundLock>> find(const std::vector<InspectTarget>& targets,
        const std::string& name, const std::vector<std::string>& lockPatterns = {});
};

} // namespace lockscope
