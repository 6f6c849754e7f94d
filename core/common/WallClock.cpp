#include "common/WallClock.h"

#include <chrono>

namespace lockscope {

long long epochMillisNow()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch())
        .count();
}

} // namespace lockscope
