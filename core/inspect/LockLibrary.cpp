#include "inspect/LockLibrary.h"

#include <array>
#include <utility>

namespace lockscope {

namespace {

constexpr std::array<std::pair<LockLibrary, std::string_view>, 11> names {{
    {LockLibrary::Unknown, "unknown"},
    {LockLibrary::Redisson, "Redisson"},
    {LockLibrary::NodeRedisson, "node-redisson"},
    {LockLibrary::RedisPy, "redis-py"},
    {LockLibrary::NodeRedlock, "node-redlock"},
    {LockLibrary::RedisPlusPlus, "redis-plus-plus"},
    {LockLibrary::RedisSemaphoreNode, "redis-semaphore"},
    {LockLibrary::RedisSemaphoreRuby, "redis-semaphore (ruby)"},
    {LockLibrary::LockScope, "LockScope"},
    {LockLibrary::LegacySetnx, "SETNX timestamp (legacy)"},
    {LockLibrary::ShedLock, "ShedLock"},
}};

} // namespace

std::string_view lockLibraryName(LockLibrary library)
{
    for (const auto& [known, name] : names) {
        if (known == library)
            return name;
    }
    return "unknown";
}

} // namespace lockscope
