#pragma once

#include "history/HoldRecord.h"
#include "inspect/LockId.h"
#include "inspect/watch/LockEvent.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// Derives holds from lock events, in memory: who holds which lock since when, and how each
// hold ended. The recorder writes what it reports to SQLite, the metrics turn it into counters
// and a histogram; both read the events the same way through this class.
class HoldTracker
{
public:
    // A hold that started, or ended, with this event.
    struct Change
    {
        bool started = false; // false: ended
        HoldRecord hold; // for an ended hold: endedMs and ending set
    };

    // What an event does to the holds of its lock. Appeared/Changed: holders no longer there
    // ended (expired if their own expiry had passed, else released), new ones started.
    // Released/Expired: every holder of the lock ended that way. An event the watcher found
    // after a gap (missedSinceMs): the holders gone ended Lost when the gap began.
    std::vector<Change> apply(const LockEvent& event);
    // An administrator deleted the lock: every holder ended force-released.
    std::vector<Change> forceReleased(const std::string& node, const std::string& lock, long long atMs);
    // Watching starts again after a gap that began at `gapStartMs` (0: no gap, the first start),
    // with `locks` as they are now. Holders still there keep their hold (it spans the gap);
    // holders gone ended Lost at gapStartMs (when they were last seen); new ones started.
    std::vector<Change> resume(
        const std::vector<SharedLockSnapshot>& locks, long long atMs, long long gapStartMs);
    // Puts back a hold that was open when the previous run stopped (from the database).
    void restore(const HoldRecord& hold);

    std::vector<HoldRecord> openHolds() const;

private:
    std::vector<Change> reconcile(
        const LockSnapshot& lock, long long atMs, HoldEnding goneAs, long long goneAtMs);
    static HoldRecord started(const LockSnapshot& lock, const LockHolder& holder, long long atMs);

    struct OpenHold
    {
        HoldRecord record;
        std::optional<long long> expiresAtMs; // the holder's own expiry, where Redis keeps one
    };
    std::map<LockId, std::map<std::string, OpenHold>> m_open; // lock (on server 0) -> holder -> hold
};

} // namespace lockscope
