#include "history/HistoryRecordingSink.h"

#include "history/HistoryRecorder.h"

#include <algorithm>

namespace lockscope {

HistoryRecordingSink::HistoryRecordingSink(std::string path, HistoryOptions options, AlertRules rules,
    ProblemCallback onProblem, AlertCallback onAlert)
    : m_path(std::move(path))
    , m_options(options)
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
    m_onActive = nullptr;
}

void HistoryRecordingSink::setActiveAlertsCallback(ActiveAlertsCallback onActive)
{
    std::lock_guard lock(m_mutex);
    m_onActive = std::move(onActive);
}

Status HistoryRecordingSink::open(long long nowMs)
{
    std::lock_guard lock(m_mutex);
    return openLocked(nowMs);
}

Status HistoryRecordingSink::openLocked(long long nowMs)
{
    if (m_recorder)
        return Done {};
    if (m_finished)
        return makeError(ErrorKind::Internal, "the history of this connection is closed");
    if (m_path.empty())
        return makeError(ErrorKind::Usage, "no history database was given");
    auto opened = HistoryRecorder::open(m_path, m_options, nowMs);
    if (!opened) {
        m_finished = true;
        return opened.error();
    }
    m_recorder = std::move(*opened);
    return Done {};
}

void HistoryRecordingSink::watchingStarted(
    const std::vector<SharedLockSnapshot>& locks, long long atMs, const WatchingMode& mode)
{
    std::lock_guard lock(m_mutex);
    if (!m_recorder && !m_finished && !m_path.empty()) {
        if (auto opened = openLocked(atMs); !opened && m_onProblem)
            m_onProblem(opened.error());
    }
    m_locks.clear();
    for (const SharedLockSnapshot& snapshot : locks)
        m_locks[{snapshot->node, snapshot->name}] = snapshot;
    const long long gapStartMs = m_stoppedAtMs.value_or(0);
    m_stoppedAtMs.reset();
    // While recording, the recorder's holds are the ones: the sink keeps its own only without.
    if (m_recorder)
        check(m_recorder->watchingResumed(locks, atMs, mode));
    else
        (void)m_holds.resume(locks, atMs, gapStartMs);
}

void HistoryRecordingSink::lockChanged(const LockEvent& event)
{
    std::lock_guard lock(m_mutex);
    const std::pair<std::string, std::string> key {event.lock->node, event.lock->name};
    if (event.ends())
        m_locks.erase(key);
    else
        m_locks[key] = event.lock;
    if (m_recorder)
        check(m_recorder->record(event));
    else if (event.type == LockEvent::Type::ForceReleased)
        (void)m_holds.forceReleased(event.lock->node, event.lock->name, event.atMs);
    else
        (void)m_holds.apply(event);
    if (event.type != LockEvent::Type::ForceReleased)
        return;
    if (auto alert = m_alerts.forceReleased(event.lock->node, event.lock->name, event.atMs))
        raise(*alert);
}

void HistoryRecordingSink::watchingStopped(long long atMs, const std::string& reason)
{
    std::lock_guard lock(m_mutex);
    if (!m_stoppedAtMs)
        m_stoppedAtMs = atMs;
    if (m_recorder)
        check(m_recorder->watchingLost(atMs, reason));
}

void HistoryRecordingSink::watchingGap(long long fromMs, long long untilMs, const std::string& reason)
{
    std::lock_guard lock(m_mutex);
    if (m_recorder)
        check(m_recorder->recordGap(fromMs, untilMs, reason));
}

void HistoryRecordingSink::recordMark(const std::string& kind, const std::string& node,
    const std::string& lock, const std::string& detail, long long atMs)
{
    std::lock_guard guard(m_mutex);
    if (m_recorder)
        check(m_recorder->recordMark(kind, node, lock, detail, atMs));
}

void HistoryRecordingSink::flushIfDue(long long nowMs)
{
    std::lock_guard lock(m_mutex);
    if (m_closed)
        return;
    if (m_recorder)
        check(m_recorder->flushIfDue(nowMs));
    std::vector<SharedLockSnapshot> locks;
    locks.reserve(m_locks.size());
    for (const auto& [key, snapshot] : m_locks)
        locks.push_back(snapshot);
    // The recorder's holds include those read back from an earlier run (held since before it).
    const auto openHolds = m_recorder ? m_recorder->openHolds() : m_holds.openHolds();
    for (const LockAlert& alert : m_alerts.evaluate(locks, openHolds, nowMs))
        raise(alert);
    std::vector<std::tuple<LockAlert::Rule, std::string, std::string>> active;
    for (const LockAlert& alert : m_alerts.active())
        active.emplace_back(alert.rule, alert.node, alert.lock);
    std::sort(active.begin(), active.end());
    if (active == m_reportedActive)
        return;
    m_reportedActive = std::move(active);
    if (m_onActive)
        m_onActive(m_alerts.active());
}

void HistoryRecordingSink::raise(const LockAlert& alert)
{
    if (m_recorder)
        check(m_recorder->recordAlert(alert.node, alert.lock, std::string(LockAlert::ruleName(alert.rule)),
            alert.detail(), alert.atMs));
    if (m_onAlert)
        m_onAlert(alert);
}

void HistoryRecordingSink::close(long long nowMs)
{
    std::lock_guard lock(m_mutex);
    m_finished = true;
    m_closed = true;
    if (m_recorder)
        check(m_recorder->close(nowMs));
    m_recorder.reset();
}

void HistoryRecordingSink::check(const Status& status)
{
    if (status)
        return;
    // The alerts go on without the database: from the holds the recorder had under way.
    m_holds = HoldTracker {};
    for (const HoldRecord& hold : m_recorder->openHolds())
        m_holds.restore(hold);
    m_recorder.reset();
    m_finished = true;
    if (m_onProblem)
        m_onProblem(status.error());
}

} // namespace lockscope
