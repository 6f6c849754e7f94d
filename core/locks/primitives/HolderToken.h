#pragma once

#include <chrono>
#include <string>

namespace lockscope {

// Random values for lock holders and retry jitter.
class HolderToken
{
public:
    // 16 random bytes as 32 lowercase hex digits: the value node-redlock writes, and the shape
    // of redis-py's uuid1().hex, so a LockScope token lock looks like theirs in Redis.
    static std::string generate();
    // A uniformly random duration in [low, high].
    static std::chrono::milliseconds jitter(std::chrono::milliseconds low, std::chrono::milliseconds high);
};

} // namespace lockscope
