#include "history/HistoryRecordingSink.h"

#include "history/HistoryRecorder.h"

namespace lockscope::ui {

HistoryRecordingSink::HistoryRecordingSink(
    std::string path, AlertRules rules, ProblemCallback onProblem, AlertCallback onAlert)
    : m_path(std::move(path))
    , m_onProblem(std::move(onProblem))
    , m_onAlert(std::move(onAlert))
    , m_alerts(rules)
{
}

HistoryRecordingSink::~HistoryRecordingSink() = default;

bool HistoryRecordingSink::isRecording() const
{
    std::lock_guard lock(m_mutex);
    return m_recorder != nullptr;
}

void HistoryRecordingSink::forgetCallbacks()
{
    std::lock_guard lock(m_mutex);
    m_onProblem = nullptr;
    m_onAlert = nullptr;
}

void HistoryRecordingSink::watchingStarted(
    const std::vector<LockSnapshot>& locks, long long atMs, const std::string& mode)
{
    std::lock_guard lock(m_mutex);
    if (!m_recorder && !m_finished) {
        auto opened = HistoryRecorder::open(m_path, {}, atMs);
        if (!opened) {
            m_finished = true;
            if (m_onProblem)
                m_onProblem(opened.error());
            return;
        }
        m_recorder = std::move(*opened);
    }
    m_locks.clear();
    for (const LockSnapshot& snapshot : locks)
        m_locks[{snapshot.node, snapshot.name}] = snapshot;
    if (m_recorder)
        check(m_recorder->watchingResumed(locks, atMs, mode));
}

void HistoryRecordingSink::lockChanged(const LockEvent& event)
{
    std::lock_guard lock(m_mutex);
    const std::pair<std::string, std::string> key {event.lock.node, event.lock.name};
    if (event.ends())
        m_locks.erase(key);
    else
        m_locks[key] = event.lock;
    if (m_recorder)
        check(m_recorder->record(event));
    if (event.type != LockEvent::Type::ForceReleased || !m_recorder)
        return;
    if (auto alert = m_alerts.forceReleased(event.lock.node, event.lock.name, event.atMs)) {
        check(m_recorder->recordAlert(alert->node, alert->lock, std::string(LockAlert::ruleName(alert->rule)),
            alert->detail(), alert->atMs));
        if (m_onAlert)
            m_onAlert(*alert);
    }
}

void HistoryRecordingSink::watchingStopped(long long atMs, const std::string& reason)
{
    std::lock_guard lock(m_mutex);
    if (m_recorder)
        check(m_recorder->watchingLost(atMs, reason));
}

void HistoryRecordingSink::flushIfDue(long long nowMs)
{
    std::lock_guard lock(m_mutex);
    if (!m_recorder)
        return;
    check(m_recorder->flushIfDue(nowMs));
    if (!m_recorder)
        return;
    std::vector<LockSnapshot> locks;
    locks.reserve(m_locks.size());
    for (const auto& [key, snapshot] : m_locks)
        locks.push_back(snapshot);
    for (const LockAlert& alert : m_alerts.evaluate(locks, m_recorder->openHolds(), nowMs)) {
        check(m_recorder->recordAlert(alert.node, alert.lock, std::string(LockAlert::ruleName(alert.rule)),
            alert.detail(), alert.atMs));
        if (m_onAlert)
            m_onAlert(alert);
        if (!m_recorder)
            return;
    }
}

void HistoryRecordingSink::close(long long nowMs)
{
    std::lock_guard lock(m_mutex);
    m_finished = true;
    if (m_recorder)
        check(m_recorder->close(nowMs));
    m_recorder.reset();
}

void HistoryRecordingSink::check(const Status& status)
{
    if (status)
        return;
    m_recorder.reset();
    m_finished = true;
    if (m_onProblem)
        m_onProblem(status.error());
}

} // namespace lockscope::ui
