#include "locks/primitives/FencingCounter.h"

namespace lockscope {

std::string FencingCounter::keyFor(const std::string& lockName)
{
    // As WaiterRegistry and Redisson: a name that already carries a hash tag keeps its own.
    if (lockName.find('{') != std::string::npos)
        return "lockscope:fence:" + lockName;
    return "lockscope:fence:{" + lockName + "}";
}

} // namespace lockscope
