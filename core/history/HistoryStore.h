#pragma once

#include "common/Result.h"
#include "history/HoldRecord.h"
#include "history/HoldTracker.h"

#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// One lock event as a row of the history (the recorder fills it in from a LockEvent).
struct EventRow
{
    long long atMs = 0;
    std::string node;
    std::string lock; // raw bytes
    std::string kind;
    std::string library;
    int type = 0; // LockEvent::Type
    std::string holders; // raw holder ids, one a line
    long long holderCount = 0;
    std::optional<long long> reentries, ttlMs, fence;
    long long waiters = 0;
    bool stuck = false;
};

// What a recorder finds when its session starts: the gap since its previous session (still
// open when that one died while not watching) and the holds it left open.
struct ResumedSession
{
    std::optional<long long> gapStartMs;
    std::vector<HoldRecord> openHolds;
};

// Where the recorder writes: the SQLite file (SqliteHistoryStore) or a PostgreSQL database that
// several recorders share (PostgresHistoryStore). The recorder decides what to write (holds,
// gaps, sessions: HoldTracker and its own state); a store only knows how. Writes join the batch
// under way and become durable together at commit(). Every store belongs to one recorder
// session: the gap, polling span and session it speaks of are that recorder's.
class HistoryStore
{
public:
    virtual ~HistoryStore() = default;

    // The file's path or the database's URL (never a password).
    virtual const std::string& location() const = 0;
    // Starts the session at `nowMs`: notes a gap "recorder not running" since the previous
    // session last showed life (unless one is still open), ends a polling span left open, and
    // reads back the open holds. Committed at once.
    virtual Result<ResumedSession> startSession(long long nowMs) = 0;

    virtual Status addEvent(const EventRow& event) = 0;
    virtual Status startHold(const HoldRecord& hold) = 0;
    virtual Status endHold(const HoldRecord& hold) = 0;
    // A force-release announced after the release: the hold of `lock` that ended released since
    // `sinceMs` ended force-released.
    virtual Status remarkForceReleased(const std::string& node, const std::string& lock, long long sinceMs)
        = 0;
    // Not watching from `atMs` on (the session's open gap), and its end.
    virtual Status openGap(long long atMs, const std::string& reason) = 0;
    virtual Status closeGap(long long atMs) = 0;
    virtual Status closedGap(long long fromMs, long long untilMs, const std::string& reason) = 0;
    virtual Status startPolling(long long atMs, long long intervalMs) = 0;
    // Ends the session's polling span, if any.
    virtual Status endPolling(long long atMs) = 0;
    virtual Status addAlert(const std::string& node, const std::string& lock, const std::string& rule,
        const std::string& detail, long long atMs)
        = 0;
    virtual Status addMark(const std::string& kind, const std::string& node, const std::string& lock,
        const std::string& detail, long long atMs)
        = 0;
    // How the session watches (WatchingMode::description).
    virtual Status noteMode(const std::string& description, long long atMs) = 0;

    // Makes the batch durable and notes the session alive at `nowMs`. A store that can lose its
    // database for a while (PostgreSQL) keeps the batch and says so with isBuffering() instead of
    // failing; `holds` has the holds under way, to set the database right after it dropped
    // writes.
    virtual Status commit(long long nowMs, const HoldTracker& holds) = 0;
    // Commits and marks the session ended at `endedMs`.
    virtual Status close(long long nowMs, long long endedMs, const HoldTracker& holds) = 0;
    // Deletes what is older than `cutoffMs`, then the oldest while the data passes `maxBytes`.
    virtual Status applyRetention(long long cutoffMs, long long maxBytes) = 0;
    // Undoes the batch under way (after a failure).
    virtual void abandon() = 0;
    // Whether writes wait in memory for the database to come back.
    virtual bool isBuffering() const { return false; }
};

} // namespace lockscope
