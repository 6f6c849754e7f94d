#pragma once

#include "history/HistoryOptions.h"
#include "history/HoldTracker.h"
#include "history/RecorderClaim.h"
#include "history/SqliteDatabase.h"
#include "inspect/watch/LockEvent.h"
#include "inspect/watch/WatchingMode.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// Writes every lock event the watcher reports, the holds derived from them (HoldTracker), gaps
// in watching and alerts into one SQLite file (WAL, prepared statements, one transaction per
// batch). Restarting on the same file resumes: holds still open stay open, and the time the
// recorder was away is a gap. Once a write fails (locked, full, corrupt) the recorder stops
// writing for good and every call returns that error: the caller goes on without history.
// Thread-safe: the watcher's thread records while a timer flushes.
class HistoryRecorder
{
public:
    // Opens (creating it and its directory if missing) or refuses the file; `nowMs` starts the
    // session, and ends the gap since the previous one (which watchingResumed closes).
    static Result<std::unique_ptr<HistoryRecorder>> open(
        const std::string& path, HistoryOptions options, long long nowMs);
    ~HistoryRecorder();

    const std::string& path() const { return m_database.path(); }

    // Watching (re)started with `locks` as they are now; `mode` says how (notifications,
    // polling every N ms). Ends the current gap: holders gone meanwhile end as lost. A polling
    // watch is kept as a polling span (HistoryQuery::pollingSpans) until watching stops.
    Status watchingResumed(
        const std::vector<SharedLockSnapshot>& locks, long long atMs, const WatchingMode& mode);
    // Watching stopped (disconnect, error) at `atMs`: a gap starts; no hold ends for it.
    Status watchingLost(long long atMs, const std::string& reason);
    // Watching went on but heard nothing from `fromMs` to `untilMs`: a gap, already closed (the
    // events found by catching up carry missedSinceMs, and end their holds as lost).
    Status recordGap(long long fromMs, long long untilMs, const std::string& reason);
    Status record(const LockEvent& event);
    // An administrator force-released `lock` (its holders end force-released).
    Status recordForceRelease(const std::string& node, const std::string& lock, long long atMs);
    // An alert that fired (see HealthAlerts), for the timeline.
    Status recordAlert(const std::string& node, const std::string& lock, const std::string& rule,
        const std::string& detail, long long atMs);
    // A mark for the timeline: `kind` "admin" (an action taken on a lock through LockScope) or
    // "fault" (a fault a drill injected); `lock` empty when it concerns no one lock.
    Status recordMark(const std::string& kind, const std::string& node, const std::string& lock,
        const std::string& detail, long long atMs);

    // Commits when the batch is due; notes the heartbeat; applies retention hourly.
    Status flushIfDue(long long nowMs);
    Status flush(long long nowMs);
    // Flushes and marks the session ended (a clean stop).
    Status close(long long nowMs);
    Status applyRetention(long long nowMs);

    // The holds under way as the recorder sees them (for AlertEvaluator's held-too-long rule).
    std::vector<HoldRecord> openHolds() const;

private:
    HistoryRecorder(SqliteDatabase database, RecorderClaim claim, HistoryOptions options);
    Status prepareStatements();
    Status startSession(long long nowMs);
    // Ends the polling span under way (if any) at `atMs`.
    Status endPolling(long long atMs);
    Status begin();
    Status commit(long long nowMs);
    Status writeChanges(const std::vector<HoldTracker::Change>& changes);
    Result<long long> lockId(const std::string& node, const std::string& name, const std::string& kind,
        const std::string& library);
    // Remembers the first failure; every later call returns it.
    Status fail(RedisError error);
    Status step(SqliteStatement& statement, const char* doing);

    mutable std::mutex m_mutex;
    SqliteDatabase m_database;
    RecorderClaim m_claim;
    HistoryOptions m_options;
    HoldTracker m_holds;
    std::optional<RedisError> m_failure;
    std::map<std::pair<std::string, std::string>, long long> m_lockIds; // node, name -> id

    SqliteStatement m_findLock, m_insertLock, m_insertEvent, m_insertHold, m_endHold, m_insertGap, m_endGap,
        m_aliveSession, m_insertAlert, m_insertMark, m_insertPolling, m_endPolling;
    long long m_sessionId = 0;
    std::optional<long long> m_gapStartMs; // set while not watching
    long long m_gapId = 0;
    long long m_pollingId = 0; // the polling span under way, 0: none
    bool m_inTransaction = false;
    int m_pending = 0;
    long long m_batchStartedMs = 0;
    long long m_aliveMs = 0;
    long long m_retentionAtMs = 0;
};

} // namespace lockscope
