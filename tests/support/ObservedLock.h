#pragma once

#include "inspect/LockSnapshot.h"
#include "redis/RedisConnection.h"

#include <optional>
#include <string>

namespace lockscope::test {

// The lock named `name` as the inspector sees it on one node: what a user would have looked at
// before asking for an admin action. nullopt unless exactly one lock has that name.
std::optional<LockSnapshot> observeLock(RedisConnection& connection, const std::string& name);

} // namespace lockscope::test
