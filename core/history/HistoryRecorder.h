#pragma once

#include "history/HistoryOptions.h"
#include "history/HistoryStore.h"
#include "history/HoldTracker.h"
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
// in watching and alerts into a HistoryStore (a SQLite file, or a PostgreSQL database shared by
// several recorders), one transaction per batch. Restarting on the same history resumes: holds
// still open stay open, and the time the recorder was away is a gap. Once a write fails (locked,
// full, corrupt, refused) the recorder stops writing for good and every call returns that error:
// the caller goes on without history. (A PostgreSQL store that cannot reach its server is not a
// failure: it buffers, see PostgresHistoryStore.)
// Thread-safe: the watcher's thread records while a timer flushes.
class HistoryRecorder
{
public:
    // Opens the history at `location`: a PostgreSQL URL (postgresql://, postgres://) or a SQLite
    // file (a path, or file:PATH; created with its directory if missing). `nowMs` starts the
    // session, and ends the gap since the previous one (which watchingResumed closes).
    static Result<std::unique_ptr<HistoryRecorder>> open(
        const std::string& location, HistoryOptions options, long long nowMs);
    // The same on a store already opened.
    static Result<std::unique_ptr<HistoryRecorder>> open(
        std::unique_ptr<HistoryStore> store, HistoryOptions options, long long nowMs);
    ~HistoryRecorder();

    const std::string& path() const { return m_store->location(); }

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

    // Whether writes wait in memory for the database to come back (PostgreSQL only).
    bool isBuffering() const;
    // The holds under way as the recorder sees them (for AlertEvaluator's held-too-long rule).
    std::vector<HoldRecord> openHolds() const;

private:
    HistoryRecorder(std::unique_ptr<HistoryStore> store, HistoryOptions options);
    Status startSession(long long nowMs);
    // Starts a batch (if none is under way).
    Status begin();
    Status commit(long long nowMs);
    Status writeChanges(std::vector<HoldTracker::Change> changes);
    // Remembers the first failure; every later call returns it.
    Status fail(RedisError error);
    // `status`, remembered as the failure when it is one.
    Status checked(Status status);

    mutable std::mutex m_mutex;
    std::unique_ptr<HistoryStore> m_store;
    HistoryOptions m_options;
    HoldTracker m_holds;
    std::optional<RedisError> m_failure;
    std::optional<long long> m_gapStartMs; // set while not watching
    bool m_inBatch = false;
    int m_pending = 0;
    long long m_batchStartedMs = 0;
    long long m_aliveMs = 0;
    long long m_retentionAtMs = 0;
};

} // namespace lockscope
