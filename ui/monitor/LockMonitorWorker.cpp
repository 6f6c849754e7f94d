#include "monitor/LockMonitorWorker.h"

#include "base/CoreTexts.h"
#include "common/CancellationToken.h"
#include "fleet/ServerWatch.h"
#include "inspect/watch/LockEventSink.h"
#include "monitor/LockUpdateQueue.h"
#include "monitor/table/LockRowOrder.h"

#include <QDateTime>

#if defined(Q_OS_LINUX)
#include <sys/resource.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <thread>

namespace lockscope::ui {

namespace {

LockEventRecord::Type recordType(LockEvent::Type type)
{
    switch (type) {
    case LockEvent::Type::Appeared:
        return LockEventRecord::Type::Appeared;
    case LockEvent::Type::Changed:
        return LockEventRecord::Type::Changed;
    case LockEvent::Type::Released:
    case LockEvent::Type::ForceReleased:
        return LockEventRecord::Type::Released;
    case LockEvent::Type::Expired:
        return LockEventRecord::Type::Expired;
    }
    return LockEventRecord::Type::Changed;
}

} // namespace

class LockMonitorWorker::Report : public ServerWatchObserver
{
public:
    explicit Report(LockMonitorWorker& worker)
        : m_worker(worker)
    {
    }
    void statusChanged(const WatchStatus& status) override { m_worker.watchStatusChanged(status); }
    void listed(const std::vector<SharedLockSnapshot>& locks, const WatchingMode& mode, bool) override
    {
        m_worker.listed(locks, mode);
    }
    void changedWhileAway(const LockEvent& event) override { m_worker.changedWhileAway(event); }
    void lockChanged(const LockEvent& event) override { m_worker.lockChanged(event); }
    void gap(long long fromMs, long long untilMs, const std::string& reason) override
    {
        m_worker.gap(fromMs, untilMs, reason);
    }

private:
    LockMonitorWorker& m_worker;
};

LockMonitorWorker::LockMonitorWorker(std::shared_ptr<ServerWatch> watch, MonitorSettings settings,
    std::shared_ptr<LockUpdateQueue> queue, std::shared_ptr<const CancellationToken> cancel,
    std::shared_ptr<LockEventSink> sink)
    : m_watch(std::move(watch))
    , m_settings(std::move(settings))
    , m_queue(std::move(queue))
    , m_cancel(std::move(cancel))
    , m_sink(std::move(sink))
{
}

LockMonitorWorker::~LockMonitorWorker() = default;

ServerWatchOptions LockMonitorWorker::watchOptions(const MonitorSettings& settings)
{
    ServerWatchOptions options;
    options.watch.pollInterval = settings.pollInterval;
    // After a sentinel failover the connections follow the new master by themselves; start over
    // so that the table lists its locks under its own address.
    options.watch.stopWhenAMasterMoves = true;
    // The profile's patterns both limit what is listed and mark what matches as a lock.
    for (const QString& pattern : std::as_const(settings.lockPatterns)) {
        options.watch.inspect.scan.patterns.push_back(pattern.toStdString());
        options.watch.inspect.lockPatterns.push_back(pattern.toStdString());
    }
    return options;
}

void LockMonitorWorker::run()
{
#if defined(Q_OS_LINUX)
    // The GUI thread goes first when both want a CPU: a window watching a fleet runs a monitor
    // thread per server, and under churn they would otherwise keep the GUI thread waiting for a
    // CPU (benchmarks.md, bench_GuiFleet). On Linux this sets the calling thread's niceness
    // only; raising it needs no privilege.
    setpriority(PRIO_PROCESS, id_t(gettid()), monitorNiceness);
#endif
    Report report(*this);
    const Status watched = m_watch->run(*m_cancel, report);
    // Given up (wrong settings): the failure stays shown until the monitor closes.
    while (!watched && !m_cancel->isCancelled())
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (m_sink)
        m_sink->watchingStopped(QDateTime::currentMSecsSinceEpoch(), "monitor closed");
    Q_EMIT statusChanged(MonitorStatus {});
}

void LockMonitorWorker::watchStatusChanged(const WatchStatus& status)
{
    MonitorStatus shown;
    shown.pollIntervalMs = m_settings.pollInterval.count();
    switch (status.state) {
    case WatchStatus::State::Connecting:
    case WatchStatus::State::Listing:
        shown.state = MonitorStatus::State::Starting;
        break;
    case WatchStatus::State::Live:
        shown.state = MonitorStatus::State::Watching;
        shown.notifications = status.mode && !status.mode->pollIntervalMs;
        shown.description = CoreTexts::translated(status.description);
        break;
    case WatchStatus::State::Reconnecting:
    case WatchStatus::State::GaveUp:
        shown.state = MonitorStatus::State::Failed;
        shown.error = CoreTexts::error(*status.reason);
        break;
    }
    const bool live = status.state == WatchStatus::State::Live;
    if (m_live && !live && m_sink && !m_cancel->isCancelled())
        m_sink->watchingStopped(QDateTime::currentMSecsSinceEpoch(),
            status.reason ? status.reason->toString() : std::string("listing again"));
    m_live = live;
    Q_EMIT statusChanged(shown);
}

void LockMonitorWorker::listed(const std::vector<SharedLockSnapshot>& locks, const WatchingMode& mode)
{
    // The table and the history share the watch's snapshots rather than copy them; `locks` goes
    // when this returns.
    LockUpdateBatch listing;
    listing.reset = true;
    const qint64 listedAt = QDateTime::currentMSecsSinceEpoch();
    listing.locks.reserve(qsizetype(locks.size()));
    for (const auto& lock : locks)
        listing.locks.append(LockRecord::fromSnapshot(lock, listedAt, m_server));
    // In the table's order, here rather than on the GUI thread: a large listing then goes into
    // the sorted table as blocks at its end.
    const auto [column, order] = m_queue->listingOrder();
    if (column >= 0) {
        // The watch lists in name order, the table's usual one: checked in one pass, not
        // sorted again (a million comparisons rather than twenty million).
        const LockRowOrder tableOrder(column, order, listedAt);
        if (!std::is_sorted(listing.locks.begin(), listing.locks.end(), tableOrder))
            std::stable_sort(listing.locks.begin(), listing.locks.end(), tableOrder);
    }
    push(std::move(listing));
    if (m_sink)
        m_sink->watchingStarted(locks, listedAt, mode);
}

void LockMonitorWorker::changedWhileAway(const LockEvent& event)
{
    // The table and the log only: the history resynchronises from the listing itself.
    pushChange(event);
}

void LockMonitorWorker::lockChanged(const LockEvent& event)
{
    if (m_sink)
        m_sink->lockChanged(event);
    pushChange(event);
}

void LockMonitorWorker::gap(long long fromMs, long long untilMs, const std::string& reason)
{
    if (m_sink)
        m_sink->watchingGap(fromMs, untilMs, reason);
}

void LockMonitorWorker::pushChange(const LockEvent& event)
{
    LockUpdateBatch batch;
    LockUpdateBatch::Change change;
    change.event.lock = LockRecord::fromSnapshot(event.lock, event.atMs, m_server);
    change.event.type = recordType(event.type);
    change.event.forceReleased = event.type == LockEvent::Type::ForceReleased;
    change.event.atMs = event.atMs;
    change.event.missedSinceMs = event.missedSinceMs.value_or(-1);
    change.changes = event.changes;
    // Only the countdown, waiters refreshing their deadlines and the like: the table shows
    // it, the log and the history need not.
    change.event.quiet
        = event.type == LockEvent::Type::Changed && !event.changes.hasAnyOf(LockChange::noteworthy());
    batch.changes.append(std::move(change));
    push(std::move(batch));
}

void LockMonitorWorker::push(LockUpdateBatch batch)
{
    batch.server = m_server;
    if (m_queue->push(std::move(batch)))
        Q_EMIT updatesPending();
}

} // namespace lockscope::ui
