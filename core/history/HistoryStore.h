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
    std::string apiName; // the library's name for it (LockSnapshot::apiName), empty: the key
    std::string kind;
    std::string library;
    int type = 0; // LockEvent::Type
    std::string holders; // raw holder ids, one a line
    long long holderCount = 0;
    std::optional<long long> reentries, ttlMs, fence;
    long long waiters = 0;
    bool stuck = false;
};

// One write into the history, as the recorder hands it to its store (which joins it to the batch
// under way). Each kind uses only some fields: the rest stay empty.
struct HistoryWrite
{
    enum class Kind
    {
        Event, // event
        StartHold, // hold
        EndHold, // hold
        // A force-release announced after the release: the hold of `lock` on `node` that ended
        // released since `atMs` ended force-released.
        Remark,
        OpenGap, // not watching from atMs on (the session's open gap), for `detail`
        CloseGap, // the open gap ends at atMs
        ClosedGap, // a gap from atMs to untilMs, for `detail`
        StartPolling, // watched by polling every intervalMs from atMs on
        EndPolling, // the session's polling span (if any) ends at atMs
        Alert, // alert rule `name` fired about `lock` on `node` (lock empty: none) at atMs: `detail`
        Mark, // a timeline mark of kind `name` ("admin", "fault") about `lock` on `node`: `detail`
        Mode, // the session watches as `name` says (WatchingMode::description) since atMs
    };
    // Every member initialised, so that a write names only what it uses ({.kind, .atMs}).
    Kind kind = Kind::Event;
    EventRow event {};
    HoldRecord hold {};
    long long atMs = 0;
    long long untilMs = 0;
    long long intervalMs = 0;
    std::string node {};
    std::string lock {};
    std::string name {};
    std::string detail {};
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

    // Joins the batch under way.
    virtual Status write(HistoryWrite write) = 0;

    // Makes the batch durable and notes the session alive at `nowMs`. A store that can lose its
    // database for a while (PostgreSQL) keeps the batch and says so with isBuffering() instead of
    // failing; `holds` has the holds under way, to set the database right after it dropped
    // writes.
    Status commit(long long nowMs, const HoldTracker& holds)
    {
        return finishBatch(nowMs, std::nullopt, holds);
    }
    // Commits and marks the session ended at `endedMs`.
    Status close(long long nowMs, long long endedMs, const HoldTracker& holds)
    {
        return finishBatch(nowMs, endedMs, holds);
    }
    // Deletes what is older than `cutoffMs` (the audit: older than `auditCutoffMs`), then the
    // oldest events and holds while the data passes `maxBytes`.
    virtual Status applyRetention(long long cutoffMs, long long auditCutoffMs, long long maxBytes) = 0;
    // Undoes the batch under way (after a failure).
    virtual void abandon() = 0;
    // Whether writes wait in memory for the database to come back.
    virtual bool isBuffering() const { return false; }

protected:
    // commit() and close(): the batch, the session alive at `nowMs`, and ended at `endedMs` if given.
    virtual Status finishBatch(long long nowMs, std::optional<long long> endedMs, const HoldTracker& holds)
        = 0;
};

} // namespace lockscope
