#include "history/HistoryRecorder.h"

#include "history/HistorySchema.h"
#include "history/HoldRows.h"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace lockscope {

namespace {

constexpr long long retentionPeriodMs = 3600 * 1000;
constexpr int forceReleasedEventType = static_cast<int>(LockEvent::Type::ForceReleased);
// How long after a release its force-release may be announced and still re-mark the hold.
constexpr long long announcementLateByMs = 10000;

std::string holderSummary(const LockSnapshot& lock)
{
    std::string summary;
    for (const auto& holder : lock.holders) {
        if (!summary.empty())
            summary += '\n';
        summary += holder.owner;
    }
    return summary;
}

} // namespace

HistoryRecorder::HistoryRecorder(SqliteDatabase database, RecorderClaim claim, HistoryOptions options)
    : m_database(std::move(database))
    , m_claim(std::move(claim))
    , m_options(options)
{
}

HistoryRecorder::~HistoryRecorder()
{
    std::lock_guard lock(m_mutex);
    if (m_inTransaction && !m_failure)
        (void)m_database.execute("COMMIT");
}

Result<std::unique_ptr<HistoryRecorder>> HistoryRecorder::open(
    const std::string& path, HistoryOptions options, long long nowMs)
{
    const std::filesystem::path file(path);
    if (file.has_parent_path()) {
        std::error_code error;
        std::filesystem::create_directories(file.parent_path(), error);
        if (error)
            return makeError(ErrorKind::NoPermission,
                "cannot make the history directory " + file.parent_path().string() + ": " + error.message());
    }
    auto database = SqliteDatabase::open(path, SqliteDatabase::Mode::ReadWrite, options.busyTimeoutMs);
    if (!database)
        return database.error();
    auto claim = RecorderClaim::take(path);
    if (!claim)
        return claim.error();
    if (auto prepared = HistorySchema::prepare(*database); !prepared)
        return prepared.error();
    std::string pragmas = "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF;";
    if (options.fileLimitBytes > 0) {
        auto pageSize = database->scalar("PRAGMA page_size");
        if (!pageSize)
            return pageSize.error();
        pragmas += " PRAGMA max_page_count="
            + std::to_string(std::max(1LL, options.fileLimitBytes / *pageSize)) + ";";
    }
    if (auto set = database->execute(pragmas); !set)
        return set.error();
    std::unique_ptr<HistoryRecorder> recorder(
        new HistoryRecorder(std::move(*database), std::move(*claim), options));
    if (auto prepared = recorder->prepareStatements(); !prepared)
        return prepared.error();
    if (auto started = recorder->startSession(nowMs); !started)
        return started.error();
    if (auto retained = recorder->applyRetention(nowMs); !retained)
        return retained.error();
    return recorder;
}

Status HistoryRecorder::prepareStatements()
{
    const std::pair<SqliteStatement*, const char*> statements[] = {
        {&m_findLock, "SELECT id FROM locks WHERE name = ?1 AND node = ?2"},
        {&m_insertLock, "INSERT INTO locks(node, name, kind, library) VALUES(?1, ?2, ?3, ?4)"},
        {&m_insertEvent,
            "INSERT INTO events(at_ms, lock_id, type, holders, holder_count, reentries, ttl_ms, fence,"
            " waiters, stuck) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"},
        {&m_insertHold,
            "INSERT INTO holds(lock_id, holder, mode, started_ms, fence, max_reentries, max_waiters)"
            " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)"},
        {&m_endHold,
            "UPDATE holds SET ended_ms = ?3, ending = ?4, fence = coalesce(fence, ?5),"
            " max_reentries = max(max_reentries, ?6), max_waiters = max(max_waiters, ?7)"
            " WHERE lock_id = ?1 AND holder = ?2 AND ended_ms IS NULL"},
        {&m_insertGap, "INSERT INTO gaps(started_ms, reason) VALUES(?1, ?2)"},
        {&m_endGap, "UPDATE gaps SET ended_ms = ?2 WHERE id = ?1"},
        {&m_aliveSession,
            "UPDATE sessions SET alive_ms = max(alive_ms, ?2), ended_ms = ?3, mode = coalesce(?4, mode) "
            "WHERE id = ?1"},
        {&m_insertAlert, "INSERT INTO alerts(at_ms, lock_id, rule, detail) VALUES(?1, ?2, ?3, ?4)"},
        {&m_insertMark, "INSERT INTO marks(at_ms, kind, node, lock, detail) VALUES(?1, ?2, ?3, ?4, ?5)"},
        {&m_insertPolling, "INSERT INTO polling(started_ms, interval_ms) VALUES(?1, ?2)"},
        {&m_endPolling, "UPDATE polling SET ended_ms = ?2 WHERE id = ?1"},
    };
    for (const auto& [statement, sql] : statements) {
        auto prepared = m_database.prepare(sql);
        if (!prepared)
            return prepared.error();
        *statement = std::move(*prepared);
    }
    return Done {};
}

Status HistoryRecorder::startSession(long long nowMs)
{
    if (auto begun = begin(); !begun)
        return begun;
    // A gap left open by a run that died while not watching goes on; otherwise the time since
    // the previous run last showed life is one.
    auto openGap = m_database.prepare(
        "SELECT id, started_ms FROM gaps WHERE ended_ms IS NULL ORDER BY id DESC LIMIT 1");
    auto previous
        = m_database.prepare("SELECT coalesce(ended_ms, alive_ms) FROM sessions ORDER BY id DESC LIMIT 1");
    if (!openGap)
        return fail(openGap.error());
    if (!previous)
        return fail(previous.error());
    if (int code = openGap->step(); code == SQLITE_ROW) {
        m_gapId = openGap->integer(0);
        m_gapStartMs = openGap->integer(1);
    } else if (code != SQLITE_DONE) {
        return fail(m_database.failure(code, "read"));
    } else if (int found = previous->step(); found == SQLITE_ROW) {
        m_gapStartMs = previous->integer(0);
        m_insertGap.reset();
        m_insertGap.bind(1, *m_gapStartMs);
        m_insertGap.bindText(2, "recorder not running");
        if (auto inserted = step(m_insertGap, "write"); !inserted)
            return inserted;
        m_gapId = m_database.lastInsertId();
    } else if (found != SQLITE_DONE) {
        return fail(m_database.failure(found, "read"));
    }
    // A polling span left open by a run that was killed ended when that run last showed life.
    if (auto ended = m_database.execute("UPDATE polling SET ended_ms = (SELECT coalesce(ended_ms, alive_ms)"
                                        " FROM sessions ORDER BY id DESC LIMIT 1) WHERE ended_ms IS NULL");
        !ended)
        return fail(ended.error());
    auto session = m_database.prepare("INSERT INTO sessions(started_ms, alive_ms) VALUES(?1, ?1)");
    if (!session)
        return fail(session.error());
    session->bind(1, nowMs);
    if (auto inserted = step(*session, "write"); !inserted)
        return inserted;
    m_sessionId = m_database.lastInsertId();
    auto open = m_database.prepare(std::string(HoldRows::select()) + "WHERE h.ended_ms IS NULL");
    if (!open)
        return fail(open.error());
    int code = SQLITE_ROW;
    while ((code = open->step()) == SQLITE_ROW)
        m_holds.restore(HoldRows::read(*open));
    if (code != SQLITE_DONE)
        return fail(m_database.failure(code, "read"));
    return commit(nowMs);
}

Status HistoryRecorder::fail(RedisError error)
{
    if (!m_failure) {
        m_failure = std::move(error);
        if (m_inTransaction)
            (void)m_database.execute("ROLLBACK");
        m_inTransaction = false;
    }
    return *m_failure;
}

Status HistoryRecorder::step(SqliteStatement& statement, const char* doing)
{
    const int code = statement.step();
    if (code != SQLITE_DONE && code != SQLITE_ROW)
        return fail(m_database.failure(code, doing));
    return Done {};
}

Status HistoryRecorder::begin()
{
    if (m_failure)
        return *m_failure;
    if (m_inTransaction)
        return Done {};
    if (auto begun = m_database.execute("BEGIN IMMEDIATE"); !begun)
        return fail(begun.error());
    m_inTransaction = true;
    m_pending = 0;
    m_batchStartedMs = 0;
    return Done {};
}

Status HistoryRecorder::commit(long long nowMs)
{
    if (m_failure)
        return *m_failure;
    if (!m_inTransaction)
        return Done {};
    m_aliveSession.reset();
    m_aliveSession.bind(1, m_sessionId);
    m_aliveSession.bind(2, std::max(nowMs, m_aliveMs));
    m_aliveSession.bindNull(3);
    m_aliveSession.bindNull(4);
    if (auto alive = step(m_aliveSession, "write"); !alive)
        return alive;
    if (auto committed = m_database.execute("COMMIT"); !committed)
        return fail(committed.error());
    m_inTransaction = false;
    m_pending = 0;
    m_aliveMs = std::max(nowMs, m_aliveMs);
    return Done {};
}

Result<long long> HistoryRecorder::lockId(
    const std::string& node, const std::string& name, const std::string& kind, const std::string& library)
{
    if (auto it = m_lockIds.find({node, name}); it != m_lockIds.end())
        return it->second;
    m_findLock.reset();
    m_findLock.bindBlob(1, name);
    m_findLock.bindText(2, node);
    const int code = m_findLock.step();
    long long id = 0;
    if (code == SQLITE_ROW) {
        id = m_findLock.integer(0);
    } else if (code == SQLITE_DONE) {
        m_insertLock.reset();
        m_insertLock.bindText(1, node);
        m_insertLock.bindBlob(2, name);
        m_insertLock.bindText(3, kind);
        m_insertLock.bindText(4, library);
        if (auto inserted = step(m_insertLock, "write"); !inserted)
            return inserted.error();
        id = m_database.lastInsertId();
    } else {
        return fail(m_database.failure(code, "read")).error();
    }
    m_lockIds.emplace(std::make_pair(node, name), id);
    return id;
}

Status HistoryRecorder::writeChanges(const std::vector<HoldTracker::Change>& changes)
{
    for (const auto& change : changes) {
        const HoldRecord& hold = change.hold;
        auto id = lockId(hold.node, hold.lock, hold.kind, hold.library);
        if (!id)
            return id.error();
        SqliteStatement& statement = change.started ? m_insertHold : m_endHold;
        statement.reset();
        statement.bind(1, *id);
        statement.bindBlob(2, hold.holder);
        if (change.started) {
            statement.bindText(3, hold.mode);
            statement.bind(4, hold.startedMs);
            statement.bind(5, hold.fence);
            statement.bind(6, hold.maxReentries);
            statement.bind(7, hold.maxWaiters);
        } else {
            statement.bind(3, hold.endedMs);
            statement.bind(4, static_cast<long long>(hold.ending));
            statement.bind(5, hold.fence);
            statement.bind(6, hold.maxReentries);
            statement.bind(7, hold.maxWaiters);
        }
        if (auto written = step(statement, "write"); !written)
            return written;
    }
    return Done {};
}

Status HistoryRecorder::record(const LockEvent& event)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    const LockSnapshot& lock = event.lock;
    auto id = lockId(lock.node, lock.name, std::string(lockKindName(lock.kind)),
        std::string(lockLibraryName(lock.library)));
    if (!id)
        return id.error();
    long long reentries = 0;
    for (const auto& holder : lock.holders)
        reentries = std::max(reentries, holder.count);
    m_insertEvent.reset();
    m_insertEvent.bind(1, event.atMs);
    m_insertEvent.bind(2, *id);
    m_insertEvent.bind(3, static_cast<long long>(event.type));
    m_insertEvent.bindBlob(4, holderSummary(lock));
    m_insertEvent.bind(5, static_cast<long long>(lock.holders.size()));
    m_insertEvent.bind(6, lock.holders.empty() ? std::nullopt : std::optional<long long>(reentries));
    m_insertEvent.bind(7, lock.ttlMs);
    m_insertEvent.bind(8, lock.fence);
    m_insertEvent.bind(9, lock.waiterCount);
    m_insertEvent.bind(10, lock.stuck ? 1LL : 0LL);
    if (auto inserted = step(m_insertEvent, "write"); !inserted)
        return inserted;
    auto changes = m_holds.apply(event);
    if (event.type == LockEvent::Type::ForceReleased && changes.empty()) {
        // Announced after the watcher had reported the release: the hold it ended is this one.
        auto remark = m_database.prepare("UPDATE holds SET ending = ?2 WHERE lock_id = ?1 AND ending = ?3"
                                         " AND ended_ms >= ?4");
        if (!remark)
            return fail(remark.error());
        remark->bind(1, *id);
        remark->bind(2, static_cast<long long>(HoldEnding::ForceReleased));
        remark->bind(3, static_cast<long long>(HoldEnding::Released));
        remark->bind(4, event.atMs - announcementLateByMs);
        if (auto remarked = step(*remark, "write"); !remarked)
            return remarked;
    }
    if (auto written = writeChanges(changes); !written)
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
        auto id = lockId(node, lock, any.kind, any.library);
        if (!id)
            return id.error();
        m_insertEvent.reset();
        m_insertEvent.bind(1, atMs);
        m_insertEvent.bind(2, *id);
        m_insertEvent.bind(3, static_cast<long long>(forceReleasedEventType));
        m_insertEvent.bindBlob(4, "");
        m_insertEvent.bind(5, 0LL);
        m_insertEvent.bind(9, 0LL);
        m_insertEvent.bind(10, 0LL);
        if (auto inserted = step(m_insertEvent, "write"); !inserted)
            return inserted;
    }
    if (auto written = writeChanges(changes); !written)
        return written;
    return commit(atMs);
}

Status HistoryRecorder::recordAlert(const std::string& node, const std::string& lock, const std::string& rule,
    const std::string& detail, long long atMs)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    std::optional<long long> id;
    if (!lock.empty()) {
        m_findLock.reset();
        m_findLock.bindBlob(1, lock);
        m_findLock.bindText(2, node);
        if (m_findLock.step() == SQLITE_ROW)
            id = m_findLock.integer(0);
    }
    m_insertAlert.reset();
    m_insertAlert.bind(1, atMs);
    m_insertAlert.bind(2, id);
    m_insertAlert.bindText(3, rule);
    m_insertAlert.bindText(4, detail);
    if (auto inserted = step(m_insertAlert, "write"); !inserted)
        return inserted;
    return commit(atMs);
}

Status HistoryRecorder::recordMark(const std::string& kind, const std::string& node, const std::string& lock,
    const std::string& detail, long long atMs)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    m_insertMark.reset();
    m_insertMark.bind(1, atMs);
    m_insertMark.bindText(2, kind);
    m_insertMark.bindText(3, node);
    m_insertMark.bindBlob(4, lock);
    m_insertMark.bindText(5, detail);
    return step(m_insertMark, "write"); // committed with the batch
}

Status HistoryRecorder::watchingResumed(
    const std::vector<SharedLockSnapshot>& locks, long long atMs, const WatchingMode& mode)
{
    std::lock_guard guard(m_mutex);
    if (auto begun = begin(); !begun)
        return begun;
    if (auto written = writeChanges(m_holds.resume(locks, atMs, m_gapStartMs.value_or(atMs))); !written)
        return written;
    if (m_gapId != 0) {
        m_endGap.reset();
        m_endGap.bind(1, m_gapId);
        m_endGap.bind(2, atMs);
        if (auto ended = step(m_endGap, "write"); !ended)
            return ended;
    }
    m_gapId = 0;
    m_gapStartMs.reset();
    if (auto ended = endPolling(atMs); !ended)
        return ended;
    if (mode.pollIntervalMs) {
        m_insertPolling.reset();
        m_insertPolling.bind(1, atMs);
        m_insertPolling.bind(2, *mode.pollIntervalMs);
        if (auto inserted = step(m_insertPolling, "write"); !inserted)
            return inserted;
        m_pollingId = m_database.lastInsertId();
    }
    m_aliveSession.reset();
    m_aliveSession.bind(1, m_sessionId);
    m_aliveSession.bind(2, atMs);
    m_aliveSession.bindNull(3);
    m_aliveSession.bindText(4, mode.description);
    if (auto noted = step(m_aliveSession, "write"); !noted)
        return noted;
    return commit(atMs);
}

Status HistoryRecorder::endPolling(long long atMs)
{
    if (m_pollingId == 0)
        return Done {};
    m_endPolling.reset();
    m_endPolling.bind(1, m_pollingId);
    m_endPolling.bind(2, atMs);
    m_pollingId = 0;
    return step(m_endPolling, "write");
}

Status HistoryRecorder::watchingLost(long long atMs, const std::string& reason)
{
    std::lock_guard guard(m_mutex);
    if (m_gapStartMs)
        return m_failure ? Status(*m_failure) : Status(Done {});
    if (auto begun = begin(); !begun)
        return begun;
    if (auto ended = endPolling(atMs); !ended)
        return ended;
    m_insertGap.reset();
    m_insertGap.bind(1, atMs);
    m_insertGap.bindText(2, reason);
    if (auto inserted = step(m_insertGap, "write"); !inserted)
        return inserted;
    m_gapId = m_database.lastInsertId();
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
    m_insertGap.reset();
    m_insertGap.bind(1, fromMs);
    m_insertGap.bindText(2, reason);
    if (auto inserted = step(m_insertGap, "write"); !inserted)
        return inserted;
    m_endGap.reset();
    m_endGap.bind(1, m_database.lastInsertId());
    m_endGap.bind(2, std::max(fromMs, untilMs));
    return step(m_endGap, "write"); // committed with the batch, like the events it explains
}

Status HistoryRecorder::flushIfDue(long long nowMs)
{
    {
        std::lock_guard guard(m_mutex);
        if (m_failure)
            return *m_failure;
        const bool batchDue = m_inTransaction && nowMs - m_batchStartedMs >= m_options.flushInterval.count();
        const bool heartbeatDue = !m_gapStartMs && nowMs - m_aliveMs >= m_options.heartbeat.count();
        if (batchDue)
            return commit(nowMs);
        if (heartbeatDue && !m_inTransaction) {
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
    if (auto ended = endPolling(m_gapStartMs.value_or(nowMs)); !ended)
        return ended;
    m_aliveSession.reset();
    m_aliveSession.bind(1, m_sessionId);
    m_aliveSession.bind(2, nowMs);
    m_aliveSession.bind(3, m_gapStartMs.value_or(nowMs));
    m_aliveSession.bindNull(4);
    if (auto ended = step(m_aliveSession, "write"); !ended)
        return ended;
    if (auto committed = m_database.execute("COMMIT"); !committed)
        return fail(committed.error());
    m_inTransaction = false;
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
    // Events go in insertion order, so the first young one bounds the old ones by id: the scan
    // only reads the rows it deletes.
    auto byAge = m_database.prepare("DELETE FROM events WHERE id < coalesce((SELECT id FROM events WHERE "
                                    "at_ms >= ?1 ORDER BY id LIMIT 1),"
                                    " (SELECT max(id) + 1 FROM events), 0);");
    if (!byAge)
        return fail(byAge.error());
    byAge->bind(1, cutoff);
    if (auto deleted = step(*byAge, "write"); !deleted)
        return deleted;
    for (const char* sql :
        {"DELETE FROM holds WHERE started_ms < ?1 AND ended_ms < ?1", "DELETE FROM gaps WHERE ended_ms < ?1",
            "DELETE FROM alerts WHERE at_ms < ?1", "DELETE FROM marks WHERE at_ms < ?1"}) {
        auto statement = m_database.prepare(sql);
        if (!statement)
            return fail(statement.error());
        statement->bind(1, cutoff);
        if (auto deleted = step(*statement, "write"); !deleted)
            return deleted;
    }
    // By size: the oldest tenth of the events (and holds that ended before what is left) at a
    // time, until the data fits. The file keeps its size; SQLite reuses the freed pages.
    for (int round = 0; round < 10; ++round) {
        auto pages = m_database.scalar("SELECT (SELECT page_count FROM pragma_page_count())"
                                       " - (SELECT freelist_count FROM pragma_freelist_count())");
        auto pageSize = m_database.scalar("PRAGMA page_size");
        if (!pages)
            return fail(pages.error());
        if (!pageSize)
            return fail(pageSize.error());
        if (*pages * *pageSize <= m_options.maxBytes)
            break;
        if (auto trimmed = m_database.execute(
                "DELETE FROM events WHERE id < (SELECT min(id) + (max(id) - min(id)) / 10 + 1 FROM events);"
                "DELETE FROM holds WHERE ended_ms < coalesce((SELECT min(at_ms) FROM events WHERE id = "
                "(SELECT min(id) FROM events)), 9223372036854775807);");
            !trimmed)
            return fail(trimmed.error());
    }
    return commit(nowMs);
}

std::vector<HoldRecord> HistoryRecorder::openHolds() const
{
    std::lock_guard guard(m_mutex);
    return m_holds.openHolds();
}

} // namespace lockscope
