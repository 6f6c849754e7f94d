#pragma once

#include <string_view>

namespace lockscope {

// Whose lock it is: the library (or convention) that wrote the keys. Code compares these, never
// display strings; lockLibraryName is the one place a library's name is spelled.
enum class LockLibrary
{
    Unknown, // a lock shape many libraries share, or the user's own pattern
    Redisson,
    NodeRedisson,
    RedisPy,
    NodeRedlock,
    RedisPlusPlus,
    RedisSemaphoreNode, // redis-semaphore (node): Semaphore, MultiSemaphore, Mutex
    RedisSemaphoreRuby,
    LockScope,
    LegacySetnx, // hand-written SETNX with an expiry timestamp as the value
    ShedLock, // Java scheduler locks (job-lock:<env>:<name>, ADDED:<time>@<host>)
};

// The name shown in the CLI, the GUI and JSON ("Redisson", "redis-py", "unknown"...).
std::string_view lockLibraryName(LockLibrary library);

} // namespace lockscope
