#pragma once

#include "common/Result.h"
#include "inspect/LockSnapshot.h"

#include <string>
#include <utility>
#include <vector>

namespace lockscope {

// What an admin action must find in Redis to act: the lock key and, for Redisson hashes, every
// field with its value (holders, counts, the rwlock mode), for string locks the exact value.
// Built from the snapshot the user saw; the Lua scripts compare against it atomically.
struct ObservedLockState
{
    enum class Shape
    {
        RedissonHash,
        StringValue,
    };
    Shape shape = Shape::StringValue;
    std::string key;
    std::vector<std::pair<std::string, std::string>> fields; // RedissonHash
    std::string value; // StringValue
    std::vector<std::string> companionKeys; // deleted with the lock (rwlock_timeout keys)

    // A clear error for locks whose state cannot be compared exactly (semaphores, user-pattern
    // hashes, a fair queue without a holder).
    static Result<ObservedLockState> from(const LockSnapshot& lock);
    // ARGV for the comparison part of the scripts: count, then field/value pairs (or the value).
    std::vector<std::string> compareArguments() const;
};

} // namespace lockscope
