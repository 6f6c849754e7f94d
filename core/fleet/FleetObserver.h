#pragma once

#include "common/RedisError.h"
#include "fleet/FleetMember.h"
#include "inspect/watch/LockEvent.h"
#include "inspect/watch/WatchStats.h"
#include "inspect/watch/WatchingMode.h"

#include <chrono>
#include <string>
#include <vector>

namespace lockscope {

// Hears what each server of a fleet does. Every call comes on the thread of the member it names
// (a thread per member), so implementations must be thread-safe; one member's calls come in order.
class FleetObserver
{
public:
    virtual ~FleetObserver() = default;
    // Watching (re)started with `locks` as they are now; `reconnect` is false the first time.
    virtual void watching(const FleetMember& member, const std::vector<SharedLockSnapshot>& locks,
        const WatchingMode& mode, bool reconnect)
        = 0;
    // A change on the member's server. After a reconnect, the changes found by comparing the new
    // listing with the last one seen come first, with missedSinceMs set to when it was lost.
    virtual void lockChanged(const FleetMember& member, const LockEvent& event) = 0;
    // The server was lost (or not reached) with `error`; the next attempt, number `attempt`, is
    // in `retryIn`.
    virtual void lost(
        const FleetMember& member, const RedisError& error, int attempt, std::chrono::milliseconds retryIn)
        = 0;
    // Watching went on but heard nothing from `fromMs` to `untilMs` (see LockWatcher).
    virtual void gap(
        const FleetMember& member, long long fromMs, long long untilMs, const std::string& reason)
        = 0;
    // The member's settings are wrong (password, ACL): it is not retried until they change.
    virtual void gaveUp(const FleetMember& member, const RedisError& error) = 0;
    // What watching the member costs and how far behind it is (LockWatcher::setStatsHandler),
    // about once a second while it changes; counts start again when the watch does.
    virtual void watchStats(const FleetMember& member, const WatchStats& stats) { }
};

} // namespace lockscope
