#include "locks/primitives/FencingCounter.h"

#include "locks/LockKeyNames.h"

namespace lockscope {

std::string FencingCounter::keyFor(const std::string& lockName)
{
    return LockKeyNames::lockscopeFence(lockName);
}

} // namespace lockscope
