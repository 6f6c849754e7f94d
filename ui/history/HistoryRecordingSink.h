#pragma once

#include "common/RedisError.h"
#include "common/Result.h"
#include "connection/LockEventSink.h"
#include "history/AlertEvaluator.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace lockscope {
class HistoryRecorder;
}

namespace lockscope::ui {

// Records one connection's lock events into its history database. The monitor's thread calls
// it (see LockEventSink), which is where the SQLite writes happen; the history's own thread
// flushes the batches. The database is opened when watching first starts, so that opening it
// never runs on the GUI thread. A database that cannot be opened or written to is dropped for
// good and reported through the problem callback: the monitor goes on without history.
class HistoryRecordingSink : public LockEventSink
{
public:
    using ProblemCallback = std::function<void(const RedisError& error)>;
    using AlertCallback = std::function<void(const LockAlert& alert)>;

    HistoryRecordingSink(std::string path, AlertRules rules, ProblemCallback onProblem, AlertCallback onAlert);
    ~HistoryRecordingSink() override;

    const std::string& path() const { return m_path; }
    bool isRecording() const;
    // Stops reporting problems and alerts (their receiver is going away).
    void forgetCallbacks();

    void watchingStarted(const std::vector<LockSnapshot>& locks, long long atMs, const std::string& mode) override;
    void lockChanged(const LockEvent& event) override;
    void watchingStopped(long long atMs, const std::string& reason) override;
    // From a timer off the GUI thread: commits the batch when it is due, and evaluates the
    // alert rules against the locks as last seen (a new alert is recorded and reported).
    void flushIfDue(long long nowMs);
    // A clean stop: flushes, marks the session ended, and records nothing after.
    void close(long long nowMs);

private:
    // Drops the recorder after a failed call and says why.
    void check(const Status& status);

    const std::string m_path;
    mutable std::mutex m_mutex;
    ProblemCallback m_onProblem;
    AlertCallback m_onAlert;
    AlertEvaluator m_alerts;
    // The locks as the watcher last reported them, for the alert rules.
    std::map<std::pair<std::string, std::string>, LockSnapshot> m_locks; // node, name
    std::unique_ptr<HistoryRecorder> m_recorder;
    bool m_finished = false; // closed, or refused: never opened again
};

} // namespace lockscope::ui
