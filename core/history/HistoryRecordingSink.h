#pragma once

#include "common/RedisError.h"
#include "common/Result.h"
#include "history/AlertEvaluator.h"
#include "history/HistoryOptions.h"
#include "history/HoldTracker.h"
#include "inspect/watch/LockEventSink.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace lockscope {
class HistoryRecorder;
}

namespace lockscope {

// Records one connection's lock events into its history database and evaluates the profile's
// alert rules on them: the GUI's monitor and `lockscope-cli record` both record through it. The
// watcher's thread calls it (see LockEventSink), which is where the SQLite writes happen; a
// timer on another thread flushes the batches. The database is opened when watching first
// starts (so that in the GUI opening it never runs on the GUI thread) or by open(). A database
// that cannot be opened or written to is dropped for good and reported through the problem
// callback: the watch goes on without history, and the alerts go on too. An empty path records
// nothing (history off) and only evaluates the alerts.
class HistoryRecordingSink : public LockEventSink
{
public:
    using ProblemCallback = std::function<void(const RedisError& error)>;
    using AlertCallback = std::function<void(const LockAlert& alert)>;
    using ActiveAlertsCallback = std::function<void(const std::vector<LockAlert>& active)>;

    HistoryRecordingSink(std::string path, HistoryOptions options, AlertRules rules,
        ProblemCallback onProblem, AlertCallback onAlert);
    ~HistoryRecordingSink() override;

    const std::string& path() const { return m_path; }
    bool isRecording() const;
    // Stops reporting problems and alerts (their receiver is going away).
    void forgetCallbacks();
    // Told the alerts whose condition holds (to highlight their locks) whenever that set changes.
    void setActiveAlertsCallback(ActiveAlertsCallback onActive);
    // Opens the database now rather than when watching starts; an error is returned, not
    // reported, and recording stays off for good.
    Status open(long long nowMs);

    void watchingStarted(
        const std::vector<SharedLockSnapshot>& locks, long long atMs, const WatchingMode& mode) override;
    void lockChanged(const LockEvent& event) override;
    void watchingStopped(long long atMs, const std::string& reason) override;
    void watchingGap(long long fromMs, long long untilMs, const std::string& reason) override;
    // A mark for the timeline (see HistoryRecorder::recordMark), while recording.
    void recordMark(const std::string& kind, const std::string& node, const std::string& lock,
        const std::string& detail, long long atMs);
    // From a timer off the GUI thread: commits the batch when it is due, and evaluates the
    // alert rules against the locks as last seen (a new alert is recorded and reported).
    void flushIfDue(long long nowMs);
    // A clean stop: flushes, marks the session ended, and records nothing after.
    void close(long long nowMs);

private:
    // Drops the recorder after a failed call and says why.
    void check(const Status& status);
    Status openLocked(long long nowMs);
    // Records an alert (while recording) and reports it.
    void raise(const LockAlert& alert);

    const std::string m_path;
    const HistoryOptions m_options;
    mutable std::mutex m_mutex;
    ProblemCallback m_onProblem;
    AlertCallback m_onAlert;
    ActiveAlertsCallback m_onActive;
    // What m_onActive was last told: rule, node, lock of each.
    std::vector<std::tuple<LockAlert::Rule, std::string, std::string>> m_reportedActive;
    AlertEvaluator m_alerts;
    // The locks as the watcher last reported them, for the alert rules.
    std::map<std::pair<std::string, std::string>, SharedLockSnapshot> m_locks; // node, name
    // The holds under way for the held-too-long rule when there is no recorder (history off,
    // or its database failed): alerts do not depend on recording.
    HoldTracker m_holds;
    std::optional<long long> m_stoppedAtMs; // watching stopped then, and has not started again
    std::unique_ptr<HistoryRecorder> m_recorder;
    bool m_finished = false; // closed, or refused: never opened again
    bool m_closed = false; // close() was called: no more alerts either
};

} // namespace lockscope
