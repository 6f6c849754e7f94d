#pragma once

#include "common/RedisError.h"
#include "inspect/watch/WatchingMode.h"

#include <cstddef>
#include <string>

namespace lockscope {

// The lines `watch` and `record` both say of a fleet's server on stderr, worded once.
class FleetNarration
{
public:
    // "connected again; <how it is watched>; 3 lock(s) now"
    static std::string watching(const WatchingMode& mode, size_t lockCount, bool again);
    // "<why> (1200 ms not heard)"
    static std::string gap(long long fromMs, long long untilMs, const std::string& reason);
    // "1200 notifications not read so far ..." (LockWatcher's WatchStats::skipped).
    static std::string skipped(long long skipped, long long lagMs);
    // Its settings were refused: it is not retried.
    static std::string gaveUp(const RedisError& error);
};

} // namespace lockscope
