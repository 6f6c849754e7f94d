#include "history/HistoryRecordingSink.h"

#include "history/HistoryRecorder.h"

namespace lockscope::ui {

HistoryRecordingSink::HistoryRecordingSink(std::string path, ProblemCallback onProblem)
    : m_path(std::move(path))
    , m_onProblem(std::move(onProblem))
{
}

HistoryRecordingSink::~HistoryRecordingSink() = default;

bool HistoryRecordingSink::isRecording() const
{
    std::lock_guard lock(m_mutex);
    return m_recorder != nullptr;
}

void HistoryRecordingSink::forgetProblemCallback()
{
    std::lock_guard lock(m_mutex);
    m_onProblem = nullptr;
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
    if (m_recorder)
        check(m_recorder->watchingResumed(locks, atMs, mode));
}

void HistoryRecordingSink::lockChanged(const LockEvent& event)
{
    std::lock_guard lock(m_mutex);
    if (m_recorder)
        check(m_recorder->record(event));
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
    if (m_recorder)
        check(m_recorder->flushIfDue(nowMs));
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
