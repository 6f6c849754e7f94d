#include "monitor/LockMonitorWorker.h"

#include "base/CoreTexts.h"
#include "common/LargeBlockRelease.h"
#include "inspect/scan/MasterConnections.h"
#include "inspect/watch/LockEventSink.h"
#include "inspect/watch/LockWatcher.h"
#include "locks/DistributedLock.h"
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

using namespace std::chrono_literals;

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

LockMonitorWorker::LockMonitorWorker(ConnectionOptions options, MonitorSettings settings,
    std::shared_ptr<LockUpdateQueue> queue, std::shared_ptr<const CancellationToken> cancel,
    std::shared_ptr<LockEventSink> sink)
    : m_options(std::move(options))
    , m_settings(std::move(settings))
    , m_queue(std::move(queue))
    , m_cancel(std::move(cancel))
    , m_sink(std::move(sink))
{
    m_options.clientRole = "monitor";
}

LockMonitorWorker::~LockMonitorWorker() = default;

void LockMonitorWorker::run()
{
#if defined(Q_OS_LINUX)
    // The GUI thread goes first when both want a CPU: a window watching a fleet runs a monitor
    // thread per server, and under churn they would otherwise keep the GUI thread waiting for a
    // CPU (benchmarks.md, bench_GuiFleet). On Linux this sets the calling thread's niceness
    // only; raising it needs no privilege.
    setpriority(PRIO_PROCESS, id_t(gettid()), monitorNiceness);
#endif
    while (!m_cancel->isCancelled())
        watchOnce();
    if (m_sink)
        m_sink->watchingStopped(QDateTime::currentMSecsSinceEpoch(), "monitor closed");
    m_status = MonitorStatus {};
    Q_EMIT statusChanged(m_status);
}

void LockMonitorWorker::watchOnce()
{
    MonitorStatus starting = m_status;
    starting.state = MonitorStatus::State::Starting;
    starting.pollIntervalMs = m_settings.pollInterval.count();
    m_status = starting;
    Q_EMIT statusChanged(m_status);

    auto masters = MasterConnections::open(m_options, WatchTarget::extraConnections);
    if (!masters) {
        fail(CoreTexts::error(masters.error()));
        return;
    }
    std::vector<WatchTarget> targets = WatchTarget::of(masters->targets());
    WatchOptions options;
    options.pollInterval = m_settings.pollInterval;
    // After a sentinel failover the connections follow the new master by themselves; start over
    // so that the table lists its locks under its own address.
    options.stopWhenAMasterMoves = true;
    // The profile's patterns both limit what is listed and mark what matches as a lock.
    for (const QString& pattern : std::as_const(m_settings.lockPatterns)) {
        options.inspect.scan.patterns.push_back(pattern.toStdString());
        options.inspect.lockPatterns.push_back(pattern.toStdString());
    }
    LockWatcher watcher(targets, options);
    std::vector<SharedLockSnapshot> listed;
    auto started = watcher.start(&listed);
    if (!started) {
        fail(CoreTexts::error(started.error()));
        return;
    }
    announceListing(watcher, listed);
    listed = {}; // the table and the history share what they keep; this list must not stay
    // The listing's scratch is freed, some of it in the reader threads' own heaps.
    LargeBlockRelease::returnFreedPages();

    MonitorStatus watching;
    watching.state = MonitorStatus::State::Watching;
    watching.notifications = watcher.usesNotifications();
    watching.pollIntervalMs = m_settings.pollInterval.count();
    watching.description = CoreTexts::translated(*started);
    m_status = watching;
    Q_EMIT statusChanged(m_status);

    watcher.setGapHandler([this](long long fromMs, long long untilMs, const std::string& reason) {
        if (m_sink)
            m_sink->watchingGap(fromMs, untilMs, reason);
    });
    auto ran = watcher.run(*m_cancel, [this](const LockEvent& event) {
        if (m_sink)
            m_sink->lockChanged(event);
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
    });
    if (!ran && !m_cancel->isCancelled()) {
        if (m_sink)
            m_sink->watchingStopped(QDateTime::currentMSecsSinceEpoch(), ran.error().toString());
        fail(CoreTexts::error(ran.error()));
    }
}

void LockMonitorWorker::announceListing(
    const LockWatcher& watcher, const std::vector<SharedLockSnapshot>& locks)
{
    // The table and the history share the watcher's snapshots rather than copy them. `locks`
    // must not outlive the announcement: kept for the whole watch, it held on to each lock's first
    // snapshot after the lock changed (a third of the snapshots in memory after 10 s of churn).
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
        // The watcher lists in name order, the table's usual one: checked in one pass, not
        // sorted again (a million comparisons rather than twenty million).
        const LockRowOrder tableOrder(column, order, listedAt);
        if (!std::is_sorted(listing.locks.begin(), listing.locks.end(), tableOrder))
            std::stable_sort(listing.locks.begin(), listing.locks.end(), tableOrder);
    }
    push(std::move(listing));
    if (m_sink)
        m_sink->watchingStarted(locks, listedAt, watcher.mode());
}

void LockMonitorWorker::push(LockUpdateBatch batch)
{
    batch.server = m_server;
    if (m_queue->push(std::move(batch)))
        Q_EMIT updatesPending();
}

void LockMonitorWorker::fail(const QString& error)
{
    MonitorStatus failed = m_status;
    failed.state = MonitorStatus::State::Failed;
    failed.error = error;
    m_status = failed;
    Q_EMIT statusChanged(m_status);
    sleepUnlessCancelled(2s);
}

void LockMonitorWorker::sleepUnlessCancelled(std::chrono::milliseconds duration)
{
    const auto until = std::chrono::steady_clock::now() + duration;
    while (!m_cancel->isCancelled() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(50ms);
}

} // namespace lockscope::ui
