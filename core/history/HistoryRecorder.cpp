#include "history/HistoryRecorder.h"

#include "history/HistoryLocation.h"
#include "history/SqliteHistoryStore.h"
#include "history/postgres/PostgresHistoryStore.h"
#include "inspect/HoldersText.h"

#include <algorithm>

namespace lockscope {

namespace {

constexpr long long retentionPeriodMs = 3600 * 1000;
constexpr int forceReleasedEventType = static_cast<int>(LockEvent::Type::ForceReleased);

} // namespace

HistoryRecorder::HistoryRecorder(std::unique_ptr<HistoryStore> store, HistoryOptions options)
    : m_store(std::move(store))
    , m_options(std::move(options))
{
}

HistoryRecorder::~HistoryRecorder()
{
    std::lock_guard lock(m_mutex);
    if (m_inBatch && !m_failure)
        (void)m_store->commit(m_aliveMs, m_holds);
}

Result<std::unique_ptr<HistoryRecorder>> HistoryRecorder::open(
    const std::string& location, HistoryOptions options, long long nowMs)
{
    std::unique_ptr<HistoryStore> store;
    if (HistoryLocation::isPostgres(location)) {
        auto opened = PostgresHistoryStore::open(location, options);
        if (!opened)
            return opened.error();
        store = std::move(*opened);
    } else {
        auto opened = SqliteHistoryStore::open(HistoryLocation::sqlitePath(location), options);
        if (!opened)
            return opened.error();
        store = std::move(*opened);
    }
    return open(std::move(store), std::move(options), nowMs);
}

Result<std::unique_ptr<HistoryRecorder>> HistoryRecorder::open(
    std::unique_ptr<HistoryStore> store, HistoryOptions options, long long nowMs)
{
    std::unique_ptr<HistoryRecorder> recorder(new HistoryRecorder(std::move(store), std::move(options)));
    if (auto started = recorder->startSession(nowMs); !started)
        return started.error();
    if (auto retained = recorder->applyRetention(nowMs); !retained)
        return retained.error();
    return recorder;
}

Status HistoryRecorder::startSession(long long nowMs)
{
    auto resumed = m_store->startSession(nowMs);
    if (!resumed)
        return fail(resumed.error());
    m_gapStartMs = resumed->gapStartMs;
    for (const HoldRecord& hold : resumed->openHolds)
        m_holds.restore(hold);
    m_aliveMs = std::max(m_aliveMs, nowMs);
    return Done {};
}

Status HistoryRecorder::fail(RedisError error)
{
    if (!m_failure) {
        m_failure = std::move(error);
        m_store->abandon();
        m_inBatch = false;
    }
    return *m_failure;
}

Status HistoryRecorder::checked(Status status)
{
    if (!status)
        return fail(status.error());
    return status;
}

Status HistoryRecorder::begin()
{
    if (m_failure)
        return *m_failure;
    if (m_inBatch)
        return Done {};
    m_inBatch = true;
    m_pending = 0;
    m_batchStartedMs = 0;
    return Done {};
}

Status HistoryRecorder::commit(long long nowMs)
{
    if (m_failure)
        return *m_failure;
    if (!m_inBatch)
        return Done {};
    if (auto committed = m_store->commit(std::max(nowMs, m_aliveMs), m_holds); !committed)
        return fail(committed.error());
    m_inBatch = false;
    m_pending = 0;
    m_aliveMs = std::max(nowMs, m_aliveMs);
    return Done {};
}

Status HistoryRecorder::writeChanges(std::vector<HoldTracker::Change> changes)
{
    for (auto& change : changes) {
        auto written = m_store->write(
            {.kind = change.started ? HistoryWrite::Kind::StartHold : HistoryWrite::Kind::EndHold,
                .hold = std::move(change.hold)});
        if (!written)
            return fail(written.error());
    }
    return Done {};
}

Status HistoryRecorder::record(const LockEvent& event)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    const LockSnapshot& lock = event.lock;
    long long reentries = 0;
    for (const auto& holder : lock.holders)
        reentries = std::max(reentries, holder.count);
    HistoryWrite write {.kind = HistoryWrite::Kind::Event};
    EventRow& row = write.event;
    row.atMs = event.atMs;
    row.node = lock.node;
    row.lock = lock.name;
    row.apiName = lock.apiName.get();
    row.kind = std::string(lockKindName(lock.kind));
    row.library = std::string(lockLibraryName(lock.library));
    row.type = static_cast<int>(event.type);
    row.holders = HoldersText::stored().of(lock.holders);
    row.holderCount = static_cast<long long>(lock.holders.size());
    if (!lock.holders.empty())
        row.reentries = reentries;
    row.ttlMs = lock.ttlMs;
    row.fence = lock.fence;
    row.waiters = lock.waiterCount;
    row.stuck = lock.stuck;
    if (auto added = checked(m_store->write(std::move(write))); !added)
        return added;
    auto changes = m_holds.apply(event);
    if (event.type == LockEvent::Type::ForceReleased && changes.empty()) {
        // Announced after the watcher had reported the release: the hold it ended is this one.
        if (auto remarked = checked(m_store->write({.kind = HistoryWrite::Kind::Remark,
                .atMs = event.atMs - LockEvent::announcementLateByMs,
                .node = lock.node,
                .lock = lock.name}));
            !remarked)
            return remarked;
    }
    if (auto written = writeChanges(std::move(changes)); !written)
        return written;
    if (m_pending++ == 0)
        m_batchStartedMs = event.atMs;
    m_aliveMs = std::max(m_aliveMs, event.atMs);
    if (m_pending >= m_options.batchSize)
        return commit(event.atMs);
    return Done {};
}

Status HistoryRecorder::recordForceRelease(const std::string& node, const std::string& lock, long long atMs)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    auto changes = m_holds.forceReleased(node, lock, atMs);
    if (!changes.empty()) {
        const HoldRecord& any = changes.front().hold;
        EventRow row;
        row.atMs = atMs;
        row.node = node;
        row.lock = lock;
        row.apiName = any.apiName;
        row.kind = any.kind;
        row.library = any.library;
        row.type = forceReleasedEventType;
        if (auto added = checked(m_store->write({.kind = HistoryWrite::Kind::Event, .event = row})); !added)
            return added;
    }
    if (auto written = writeChanges(std::move(changes)); !written)
        return written;
    return commit(atMs);
}

Status HistoryRecorder::recordAlert(const std::string& node, const std::string& lock, const std::string& rule,
    const std::string& detail, long long atMs)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    if (auto added = checked(m_store->write({.kind = HistoryWrite::Kind::Alert,
            .atMs = atMs,
            .node = node,
            .lock = lock,
            .name = rule,
            .detail = detail}));
        !added)
        return added;
    return commit(atMs);
}

Status HistoryRecorder::recordMark(const std::string& kind, const std::string& node, const std::string& lock,
    const std::string& detail, long long atMs)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    return checked(m_store->write({.kind = HistoryWrite::Kind::Mark,
        .atMs = atMs,
        .node = node,
        .lock = lock,
        .name = kind,
        .detail = detail})); // committed with the batch
}

Status HistoryRecorder::watchingResumed(
    const std::vector<SharedLockSnapshot>& locks, long long atMs, const WatchingMode& mode)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    if (auto written = writeChanges(m_holds.resume(locks, atMs, m_gapStartMs.value_or(atMs))); !written)
        return written;
    if (auto ended = checked(m_store->write({.kind = HistoryWrite::Kind::CloseGap, .atMs = atMs})); !ended)
        return ended;
    m_gapStartMs.reset();
    if (auto ended = checked(m_store->write({.kind = HistoryWrite::Kind::EndPolling, .atMs = atMs})); !ended)
        return ended;
    if (mode.pollIntervalMs) {
        if (auto started = checked(m_store->write({.kind = HistoryWrite::Kind::StartPolling,
                .atMs = atMs,
                .intervalMs = *mode.pollIntervalMs}));
            !started)
            return started;
    }
    if (auto noted
        = checked(m_store->write({.kind = HistoryWrite::Kind::Mode, .atMs = atMs, .name = mode.description}));
        !noted)
        return noted;
    return commit(atMs);
}

Status HistoryRecorder::watchingLost(long long atMs, const std::string& reason)
{
    std::lock_guard guard(m_mutex);
    if (m_gapStartMs)
        return m_failure ? Status(*m_failure) : Status(Done {});
    if (auto begun = begin(); !begun)
        return begun;
    if (auto ended = checked(m_store->write({.kind = HistoryWrite::Kind::EndPolling, .atMs = atMs})); !ended)
        return ended;
    if (auto opened
        = checked(m_store->write({.kind = HistoryWrite::Kind::OpenGap, .atMs = atMs, .detail = reason}));
        !opened)
        return opened;
    m_gapStartMs = atMs;
    return commit(atMs);
}

Status HistoryRecorder::recordGap(long long fromMs, long long untilMs, const std::string& reason)
{
    std::lock_guard guard(m_mutex);
    if (m_gapStartMs) // inside a gap that is still open: that one covers it
        return m_failure ? Status(*m_failure) : Status(Done {});
    if (auto begun = begin(); !begun)
        return begun;
    // Committed with the batch, like the events it explains.
    return checked(m_store->write(
        {.kind = HistoryWrite::Kind::ClosedGap, .atMs = fromMs, .untilMs = untilMs, .detail = reason}));
}

Status HistoryRecorder::flushIfDue(long long nowMs)
{
    {
        std::lock_guard guard(m_mutex);
        if (m_failure)
            return *m_failure;
        const bool batchDue = m_inBatch && nowMs - m_batchStartedMs >= m_options.flushInterval.count();
        const bool heartbeatDue = !m_gapStartMs && nowMs - m_aliveMs >= m_options.heartbeat.count();
        // A store waiting for its database tries again with each heartbeat.
        const bool retryDue = m_store->isBuffering() && nowMs - m_aliveMs >= m_options.heartbeat.count();
        if (batchDue)
            return commit(nowMs);
        if ((heartbeatDue || retryDue) && !m_inBatch) {
            if (auto begun = begin(); !begun)
                return begun;
            if (auto committed = commit(nowMs); !committed)
                return committed;
        }
    }
    if (nowMs - m_retentionAtMs >= retentionPeriodMs)
        return applyRetention(nowMs);
    return Done {};
}

Status HistoryRecorder::flush(long long nowMs)
{
    std::lock_guard guard(m_mutex);
    return commit(nowMs);
}

Status HistoryRecorder::close(long long nowMs)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    if (auto ended = checked(
            m_store->write({.kind = HistoryWrite::Kind::EndPolling, .atMs = m_gapStartMs.value_or(nowMs)}));
        !ended)
        return ended;
    if (auto closed = m_store->close(nowMs, m_gapStartMs.value_or(nowMs), m_holds); !closed)
        return fail(closed.error());
    m_inBatch = false;
    // Nothing more may be written through this recorder.
    m_failure = makeError(ErrorKind::Usage, "history recorder for " + path() + " is closed");
    return Done {};
}

Status HistoryRecorder::applyRetention(long long nowMs)
{
    std::lock_guard guard(m_mutex);
    if (auto committed = commit(nowMs); !committed)
        return committed;
    m_retentionAtMs = nowMs;
    if (auto begun = begin(); !begun)
        return begun;
    const long long cutoff
        = nowMs - std::chrono::duration_cast<std::chrono::milliseconds>(m_options.maxAge).count();
    const long long auditCutoff
        = nowMs - std::chrono::duration_cast<std::chrono::milliseconds>(m_options.auditMaxAge).count();
    if (auto retained = checked(m_store->applyRetention(cutoff, auditCutoff, m_options.maxBytes)); !retained)
        return retained;
    return commit(nowMs);
}

bool HistoryRecorder::isBuffering() const
{
    std::lock_guard guard(m_mutex);
    return m_store->isBuffering();
}

std::vector<HoldRecord> HistoryRecorder::openHolds() const
{
    std::lock_guard guard(m_mutex);
    return m_holds.openHolds();
}

} // namespace lockscope
