#pragma once

#include "inspect/LockSnapshot.h"
#include "redis/RedisConnection.h"

#include <optional>
#include <string>
#include <vector>

namespace lockscope::test {

// The lock named `name` as the inspector sees it on one node: what a user would have looked at
// before asking for an admin action. nullopt unless exactly one lock has that name.
std::optional<LockSnapshot> observeLock(RedisConnection& connection, const std::string& name);

// Every lock on one node, as `list` finds them (failures are printed as warnings).
std::vector<LockSnapshot> listLocks(RedisConnection& connection, std::vector<std::string> lockPatterns = {},
    std::vector<std::string> scanPatterns = {});
// The lock of that name among `locks`, or null.
const LockSnapshot* findLock(const std::vector<LockSnapshot>& locks, const std::string& name);

} // namespace lockscope::test
