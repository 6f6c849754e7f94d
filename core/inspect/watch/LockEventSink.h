#pragma once

#include "inspect/watch/LockEvent.h"
#include "inspect/watch/WatchingMode.h"

#include <string>
#include <vector>

namespace lockscope {

// Receives what the lock monitor's watcher sees, on the monitor's thread, as the core reports
// it (not the table's LockRecords): the lock history records from here without the monitor
// knowing about it. Implementations must be thread-safe and must not block for long.
class LockEventSink
{
public:
    virtual ~LockEventSink() = default;
    // Watching (re)started with `locks` as they are now; `mode` says how.
    virtual void watchingStarted(
        const std::vector<SharedLockSnapshot>& locks, long long atMs, const WatchingMode& mode)
        = 0;
    virtual void lockChanged(const LockEvent& event) = 0;
    // Watching stopped (error, disconnect, closed) at `atMs`.
    virtual void watchingStopped(long long atMs, const std::string& reason) = 0;
    // Watching went on, but nothing was heard from `fromMs` to `untilMs` (a subscription broke
    // and was made again; see LockWatcher::setGapHandler): the changes found meanwhile arrived
    // as events with missedSinceMs.
    virtual void watchingGap(long long fromMs, long long untilMs, const std::string& reason) = 0;
};

} // namespace lockscope
