#pragma once

#include "fleet/WatchStatus.h"
#include "inspect/watch/LockEvent.h"
#include "inspect/watch/WatchStats.h"

#include <string>
#include <vector>

namespace lockscope {

// Hears what a ServerWatch sees, every call on the thread that runs it, in order.
class ServerWatchObserver
{
public:
    virtual ~ServerWatchObserver() = default;
    virtual void statusChanged(const WatchStatus& status) = 0;
    // Watching (re)started with `locks` as they are now, in node and name order; `again` is
    // false the first time. `locks` must not be kept past the call: it would hold every lock's
    // first snapshot after the lock changed (share its snapshots instead).
    virtual void listed(const std::vector<SharedLockSnapshot>& locks, const WatchingMode& mode, bool again)
        = 0;
    // After a listing again, before any lockChanged: what appeared, changed and went since the
    // watch last knew the locks (LocksWhileAway), each with missedSinceMs set.
    virtual void changedWhileAway(const LockEvent& event) = 0;
    // A change seen while live.
    virtual void lockChanged(const LockEvent& event) = 0;
    // Watching went on but heard nothing from `fromMs` to `untilMs` (see LockWatcher).
    virtual void gap(long long fromMs, long long untilMs, const std::string& reason) = 0;
    // What following the changes has cost so far (lag, skips), as LockWatcher reports it.
    virtual void watchStats(const WatchStats& stats) { }
};

} // namespace lockscope
