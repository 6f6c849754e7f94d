#include "history/SqliteHistoryStore.h"

#include "history/HistorySchema.h"
#include "history/HoldRows.h"

#include <sqlite3.h>

#include <algorithm>
#include <mutex>

namespace lockscope {

SqliteHistoryStore::SqliteHistoryStore(std::shared_ptr<SqliteHistoryFile> file, std::string source)
    : m_file(std::move(file))
    , m_database(m_file->database())
    , m_source(std::move(source))
{
}

SqliteHistoryStore::~SqliteHistoryStore()
{
    std::lock_guard lock(m_file->mutex());
    if (m_file->inTransaction())
        (void)m_file->commit();
    m_file->release(m_source);
    // The statements (declared after m_file) are finalized before the last store closes the file.
}

Result<std::unique_ptr<SqliteHistoryStore>> SqliteHistoryStore::open(
    const std::string& path, const HistoryOptions& options)
{
    auto file = SqliteHistoryFile::open(path, options);
    if (!file)
        return file.error();
    std::unique_lock lock((*file)->mutex());
    if (!(*file)->claim(options.source))
        return makeError(ErrorKind::Timeout,
            "history database " + path + " is being recorded for "
                + (options.source.empty() ? std::string("this server") : options.source)
                + " by another recorder; a second recorder on the same server is refused");
    std::unique_ptr<SqliteHistoryStore> store(new SqliteHistoryStore(*file, options.source));
    if (auto prepared = store->prepareStatements(); !prepared) {
        lock.unlock();
        store.reset();
        return prepared.error();
    }
    return store;
}

Status SqliteHistoryStore::prepareStatements()
{
    const std::pair<SqliteStatement*, const char*> statements[] = {
        {&m_findLock, "SELECT id, api_name FROM locks WHERE name = ?1 AND node = ?2"},
        {&m_insertLock,
            "INSERT INTO locks(node, name, kind, library, api_name, source) VALUES(?1, ?2, ?3, ?4, ?5, ?6)"},
        {&m_nameLock, "UPDATE locks SET api_name = ?2 WHERE id = ?1"},
        {&m_insertEvent,
            "INSERT INTO events(at_ms, lock_id, type, holders, holder_count, reentries, ttl_ms, fence,"
            " waiters, stuck) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"},
        {&m_insertHold,
            "INSERT INTO holds(lock_id, holder, mode, started_ms, ended_ms, ending, fence, max_reentries,"
            " max_waiters) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"},
        {&m_endHold,
            "UPDATE holds SET ended_ms = ?3, ending = ?4, fence = coalesce(fence, ?5),"
            " max_reentries = max(max_reentries, ?6), max_waiters = max(max_waiters, ?7)"
            " WHERE lock_id = ?1 AND holder = ?2 AND ended_ms IS NULL"},
        {&m_insertGap, "INSERT INTO gaps(started_ms, reason, source) VALUES(?1, ?2, ?3)"},
        {&m_endGap, "UPDATE gaps SET ended_ms = ?2 WHERE id = ?1"},
        {&m_aliveSession,
            "UPDATE sessions SET alive_ms = max(alive_ms, ?2), ended_ms = ?3, mode = coalesce(?4, mode) "
            "WHERE id = ?1"},
        {&m_insertAlert,
            "INSERT INTO alerts(at_ms, lock_id, rule, detail, source) VALUES(?1, ?2, ?3, ?4, ?5)"},
        {&m_insertMark,
            "INSERT INTO marks(at_ms, kind, node, lock, detail, source) VALUES(?1, ?2, ?3, ?4, ?5, ?6)"},
        {&m_insertPolling, "INSERT INTO polling(started_ms, interval_ms, source) VALUES(?1, ?2, ?3)"},
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

Status SqliteHistoryStore::begin()
{
    return m_file->begin();
}

void SqliteHistoryStore::abandon()
{
    std::lock_guard lock(m_file->mutex());
    m_startedHolds.clear();
    // The other servers' writes under way go with it: they find their recorders failed too
    // only if their own next write fails (their holds are read back at their next start).
    m_file->rollback();
}

Status SqliteHistoryStore::step(SqliteStatement& statement, const char* doing)
{
    const int code = statement.step();
    if (code != SQLITE_DONE && code != SQLITE_ROW)
        return m_database.failure(code, doing);
    return Done {};
}

Status SqliteHistoryStore::adoptUnnamedRows()
{
    if (m_source.empty())
        return Done {};
    auto mine = m_database.prepare("SELECT count(*) FROM sessions WHERE source = ?1");
    if (!mine)
        return mine.error();
    mine->bindText(1, m_source);
    if (int code = mine->step(); code != SQLITE_ROW)
        return m_database.failure(code, "read");
    if (mine->integer(0) > 0)
        return Done {};
    for (const char* table : {"locks", "gaps", "sessions", "polling", "marks", "alerts"}) {
        auto adopt
            = m_database.prepare(std::string("UPDATE ") + table + " SET source = ?1 WHERE source = ''");
        if (!adopt)
            return adopt.error();
        adopt->bindText(1, m_source);
        if (auto adopted = step(*adopt, "write"); !adopted)
            return adopted;
    }
    return Done {};
}

Result<ResumedSession> SqliteHistoryStore::startSession(long long nowMs)
{
    std::lock_guard lock(m_file->mutex());
    if (auto begun = begin(); !begun)
        return begun.error();
    if (auto adopted = adoptUnnamedRows(); !adopted)
        return adopted.error();
    ResumedSession resumed;
    // A gap left open by a run that died while not watching goes on; otherwise the time since
    // the previous run last showed life is one.
    auto openGap = m_database.prepare(
        "SELECT id, started_ms FROM gaps WHERE source = ?1 AND ended_ms IS NULL ORDER BY id DESC LIMIT 1");
    auto previous = m_database.prepare(
        "SELECT coalesce(ended_ms, alive_ms) FROM sessions WHERE source = ?1 ORDER BY id DESC LIMIT 1");
    if (!openGap)
        return openGap.error();
    if (!previous)
        return previous.error();
    openGap->bindText(1, m_source);
    previous->bindText(1, m_source);
    if (int code = openGap->step(); code == SQLITE_ROW) {
        m_gapId = openGap->integer(0);
        resumed.gapStartMs = openGap->integer(1);
    } else if (code != SQLITE_DONE) {
        return m_database.failure(code, "read");
    } else if (int found = previous->step(); found == SQLITE_ROW) {
        resumed.gapStartMs = previous->integer(0);
        m_insertGap.reset();
        m_insertGap.bind(1, *resumed.gapStartMs);
        m_insertGap.bindText(2, "recorder not running");
        m_insertGap.bindText(3, m_source);
        if (auto inserted = step(m_insertGap, "write"); !inserted)
            return inserted.error();
        m_gapId = m_database.lastInsertId();
    } else if (found != SQLITE_DONE) {
        return m_database.failure(found, "read");
    }
    // A polling span left open by a run that was killed ended when that run last showed life.
    auto pollingEnded = m_database.prepare(
        "UPDATE polling SET ended_ms = (SELECT coalesce(ended_ms, alive_ms) FROM sessions WHERE source = ?1"
        " ORDER BY id DESC LIMIT 1) WHERE source = ?1 AND ended_ms IS NULL");
    if (!pollingEnded)
        return pollingEnded.error();
    pollingEnded->bindText(1, m_source);
    if (auto ended = step(*pollingEnded, "write"); !ended)
        return ended.error();
    auto session
        = m_database.prepare("INSERT INTO sessions(started_ms, alive_ms, source) VALUES(?1, ?1, ?2)");
    if (!session)
        return session.error();
    session->bind(1, nowMs);
    session->bindText(2, m_source);
    if (auto inserted = step(*session, "write"); !inserted)
        return inserted.error();
    m_sessionId = m_database.lastInsertId();
    auto open = m_database.prepare(HoldRows::select() + "WHERE h.ended_ms IS NULL AND l.source = ?1");
    if (!open)
        return open.error();
    open->bindText(1, m_source);
    int code = SQLITE_ROW;
    while ((code = open->step()) == SQLITE_ROW)
        resumed.openHolds.push_back(HoldRows::read(*open));
    if (code != SQLITE_DONE)
        return m_database.failure(code, "read");
    if (auto committed = commit(nowMs, HoldTracker {}); !committed)
        return committed.error();
    return resumed;
}

Result<long long> SqliteHistoryStore::lockId(const std::string& node, const std::string& name,
    const std::string& apiName, const std::string& kind, const std::string& library)
{
    if (m_rollbacksSeen != m_file->rollbacks()) {
        m_lockIds.clear();
        m_rollbacksSeen = m_file->rollbacks();
    }
    if (auto it = m_lockIds.find({node, name}); it != m_lockIds.end())
        return it->second;
    m_findLock.reset();
    m_findLock.bindBlob(1, name);
    m_findLock.bindText(2, node);
    const int code = m_findLock.step();
    long long id = 0;
    if (code == SQLITE_ROW) {
        id = m_findLock.integer(0);
        // A lock first written by a LockScope that did not keep library names gets its name now.
        if (!apiName.empty() && m_findLock.bytes(1) != apiName) {
            m_nameLock.reset();
            m_nameLock.bind(1, id);
            m_nameLock.bindBlob(2, apiName);
            if (auto named = step(m_nameLock, "write"); !named)
                return named.error();
        }
    } else if (code == SQLITE_DONE) {
        m_insertLock.reset();
        m_insertLock.bindText(1, node);
        m_insertLock.bindBlob(2, name);
        m_insertLock.bindText(3, kind);
        m_insertLock.bindText(4, library);
        if (apiName.empty())
            m_insertLock.bindNull(5);
        else
            m_insertLock.bindBlob(5, apiName);
        m_insertLock.bindText(6, m_source);
        if (auto inserted = step(m_insertLock, "write"); !inserted)
            return inserted.error();
        id = m_database.lastInsertId();
    } else {
        return m_database.failure(code, "read");
    }
    m_lockIds.emplace(std::make_pair(node, name), id);
    return id;
}

Status SqliteHistoryStore::write(HistoryWrite write)
{
    std::lock_guard lock(m_file->mutex());
    using Kind = HistoryWrite::Kind;
    switch (write.kind) {
    case Kind::Event:
        return addEvent(write.event);
    case Kind::StartHold:
        return startHold(write.hold);
    case Kind::EndHold:
        return endHold(write.hold);
    case Kind::Remark:
        return remarkForceReleased(write.node, write.lock, write.atMs);
    case Kind::OpenGap:
        return openGap(write.atMs, write.detail);
    case Kind::CloseGap:
        return closeGap(write.atMs);
    case Kind::ClosedGap:
        return closedGap(write.atMs, write.untilMs, write.detail);
    case Kind::StartPolling:
        return startPolling(write.atMs, write.intervalMs);
    case Kind::EndPolling:
        return endPolling(write.atMs);
    case Kind::Alert:
        return addAlert(write.node, write.lock, write.name, write.detail, write.atMs);
    case Kind::Mark:
        return addMark(write.name, write.node, write.lock, write.detail, write.atMs);
    case Kind::Mode:
        return noteMode(write.name, write.atMs);
    }
    return makeError(ErrorKind::Internal, "history: a write of no known kind");
}

Status SqliteHistoryStore::addEvent(const EventRow& event)
{
    if (auto begun = begin(); !begun)
        return begun;
    auto id = lockId(event.node, event.lock, event.apiName, event.kind, event.library);
    if (!id)
        return id.error();
    m_insertEvent.reset();
    m_insertEvent.bind(1, event.atMs);
    m_insertEvent.bind(2, *id);
    m_insertEvent.bind(3, static_cast<long long>(event.type));
    m_insertEvent.bindBlob(4, event.holders);
    m_insertEvent.bind(5, event.holderCount);
    m_insertEvent.bind(6, event.reentries);
    m_insertEvent.bind(7, event.ttlMs);
    m_insertEvent.bind(8, event.fence);
    m_insertEvent.bind(9, event.waiters);
    m_insertEvent.bind(10, event.stuck ? 1LL : 0LL);
    return step(m_insertEvent, "write");
}

Status SqliteHistoryStore::startHold(const HoldRecord& hold)
{
    if (auto begun = begin(); !begun)
        return begun;
    auto id = lockId(hold.node, hold.lock, hold.apiName, hold.kind, hold.library);
    if (!id)
        return id.error();
    auto [started, added] = m_startedHolds.try_emplace({*id, hold.holder}, hold);
    if (!added) { // started twice: the first one is written as it is
        if (auto written = insertHold(started->first.first, started->second); !written)
            return written;
        started->second = hold;
    }
    return Done {};
}

Status SqliteHistoryStore::insertHold(long long lockId, const HoldRecord& hold)
{
    m_insertHold.reset();
    m_insertHold.bind(1, lockId);
    m_insertHold.bindBlob(2, hold.holder);
    m_insertHold.bindText(3, holderModeName(hold.mode));
    m_insertHold.bind(4, hold.startedMs);
    m_insertHold.bind(5, hold.endedMs);
    if (hold.ending == HoldEnding::Open)
        m_insertHold.bindNull(6);
    else
        m_insertHold.bind(6, static_cast<long long>(hold.ending));
    m_insertHold.bind(7, hold.fence);
    m_insertHold.bind(8, hold.maxReentries);
    m_insertHold.bind(9, hold.maxWaiters);
    return step(m_insertHold, "write");
}

Status SqliteHistoryStore::writeStartedHolds()
{
    for (const auto& [key, hold] : m_startedHolds) {
        if (auto written = insertHold(key.first, hold); !written)
            return written;
    }
    m_startedHolds.clear();
    return Done {};
}

Status SqliteHistoryStore::endHold(const HoldRecord& hold)
{
    if (auto begun = begin(); !begun)
        return begun;
    auto id = lockId(hold.node, hold.lock, hold.apiName, hold.kind, hold.library);
    if (!id)
        return id.error();
    if (auto started = m_startedHolds.find({*id, hold.holder}); started != m_startedHolds.end()) {
        // Started in this batch: written once, whole.
        HoldRecord whole = std::move(started->second);
        m_startedHolds.erase(started);
        whole.endAs(hold);
        return insertHold(*id, whole);
    }
    m_endHold.reset();
    m_endHold.bind(1, *id);
    m_endHold.bindBlob(2, hold.holder);
    m_endHold.bind(3, hold.endedMs);
    m_endHold.bind(4, static_cast<long long>(hold.ending));
    m_endHold.bind(5, hold.fence);
    m_endHold.bind(6, hold.maxReentries);
    m_endHold.bind(7, hold.maxWaiters);
    return step(m_endHold, "write");
}

Status SqliteHistoryStore::remarkForceReleased(
    const std::string& node, const std::string& lock, long long sinceMs)
{
    if (auto begun = begin(); !begun)
        return begun;
    if (auto written = writeStartedHolds(); !written)
        return written;
    auto remark
        = m_database.prepare("UPDATE holds SET ending = ?3 WHERE lock_id = (SELECT id FROM locks WHERE"
                             " name = ?1 AND node = ?2) AND ending = ?4 AND ended_ms >= ?5");
    if (!remark)
        return remark.error();
    remark->bindBlob(1, lock);
    remark->bindText(2, node);
    remark->bind(3, static_cast<long long>(HoldEnding::ForceReleased));
    remark->bind(4, static_cast<long long>(HoldEnding::Released));
    remark->bind(5, sinceMs);
    return step(*remark, "write");
}

Status SqliteHistoryStore::openGap(long long atMs, const std::string& reason)
{
    if (auto begun = begin(); !begun)
        return begun;
    m_insertGap.reset();
    m_insertGap.bind(1, atMs);
    m_insertGap.bindText(2, reason);
    m_insertGap.bindText(3, m_source);
    if (auto inserted = step(m_insertGap, "write"); !inserted)
        return inserted;
    m_gapId = m_database.lastInsertId();
    return Done {};
}

Status SqliteHistoryStore::closeGap(long long atMs)
{
    if (m_gapId == 0)
        return Done {};
    if (auto begun = begin(); !begun)
        return begun;
    m_endGap.reset();
    m_endGap.bind(1, m_gapId);
    m_endGap.bind(2, atMs);
    m_gapId = 0;
    return step(m_endGap, "write");
}

Status SqliteHistoryStore::closedGap(long long fromMs, long long untilMs, const std::string& reason)
{
    if (auto begun = begin(); !begun)
        return begun;
    m_insertGap.reset();
    m_insertGap.bind(1, fromMs);
    m_insertGap.bindText(2, reason);
    m_insertGap.bindText(3, m_source);
    if (auto inserted = step(m_insertGap, "write"); !inserted)
        return inserted;
    m_endGap.reset();
    m_endGap.bind(1, m_database.lastInsertId());
    m_endGap.bind(2, std::max(fromMs, untilMs));
    return step(m_endGap, "write");
}

Status SqliteHistoryStore::startPolling(long long atMs, long long intervalMs)
{
    if (auto begun = begin(); !begun)
        return begun;
    m_insertPolling.reset();
    m_insertPolling.bind(1, atMs);
    m_insertPolling.bind(2, intervalMs);
    m_insertPolling.bindText(3, m_source);
    if (auto inserted = step(m_insertPolling, "write"); !inserted)
        return inserted;
    m_pollingId = m_database.lastInsertId();
    return Done {};
}

Status SqliteHistoryStore::endPolling(long long atMs)
{
    if (m_pollingId == 0)
        return Done {};
    if (auto begun = begin(); !begun)
        return begun;
    m_endPolling.reset();
    m_endPolling.bind(1, m_pollingId);
    m_endPolling.bind(2, atMs);
    m_pollingId = 0;
    return step(m_endPolling, "write");
}

Status SqliteHistoryStore::addAlert(const std::string& node, const std::string& lock, const std::string& rule,
    const std::string& detail, long long atMs)
{
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
    m_insertAlert.bindText(5, m_source);
    return step(m_insertAlert, "write");
}

Status SqliteHistoryStore::addMark(const std::string& kind, const std::string& node, const std::string& lock,
    const std::string& detail, long long atMs)
{
    if (auto begun = begin(); !begun)
        return begun;
    m_insertMark.reset();
    m_insertMark.bind(1, atMs);
    m_insertMark.bindText(2, kind);
    m_insertMark.bindText(3, node);
    m_insertMark.bindBlob(4, lock);
    m_insertMark.bindText(5, detail);
    m_insertMark.bindText(6, m_source);
    return step(m_insertMark, "write");
}

Status SqliteHistoryStore::noteMode(const std::string& description, long long atMs)
{
    if (auto begun = begin(); !begun)
        return begun;
    m_aliveSession.reset();
    m_aliveSession.bind(1, m_sessionId);
    m_aliveSession.bind(2, atMs);
    m_aliveSession.bindNull(3);
    m_aliveSession.bindText(4, description);
    return step(m_aliveSession, "write");
}

Status SqliteHistoryStore::finishBatch(long long nowMs, std::optional<long long> endedMs, const HoldTracker&)
{
    std::lock_guard lock(m_file->mutex());
    if (auto begun = begin(); !begun)
        return begun;
    m_aliveSession.reset();
    m_aliveSession.bind(1, m_sessionId);
    m_aliveSession.bind(2, nowMs);
    m_aliveSession.bind(3, endedMs);
    m_aliveSession.bindNull(4);
    if (auto alive = step(m_aliveSession, "write"); !alive)
        return alive;
    if (auto written = writeStartedHolds(); !written)
        return written;
    return m_file->commit();
}

Status SqliteHistoryStore::applyRetention(long long cutoff, long long auditCutoff, long long maxBytes)
{
    std::lock_guard lock(m_file->mutex());
    if (auto begun = begin(); !begun)
        return begun;
    if (auto written = writeStartedHolds(); !written)
        return written;
    // Events go in insertion order, so the first young one bounds the old ones by id: the scan
    // only reads the rows it deletes.
    auto byAge = m_database.prepare("DELETE FROM events WHERE id < coalesce((SELECT id FROM events WHERE "
                                    "at_ms >= ?1 ORDER BY id LIMIT 1),"
                                    " (SELECT max(id) + 1 FROM events), 0);");
    if (!byAge)
        return byAge.error();
    byAge->bind(1, cutoff);
    if (auto deleted = step(*byAge, "write"); !deleted)
        return deleted;
    for (const char* sql :
        {"DELETE FROM holds WHERE started_ms < ?1 AND ended_ms < ?1", "DELETE FROM gaps WHERE ended_ms < ?1",
            "DELETE FROM alerts WHERE at_ms < ?1", "DELETE FROM marks WHERE at_ms < ?1"}) {
        auto statement = m_database.prepare(sql);
        if (!statement)
            return statement.error();
        statement->bind(1, cutoff);
        if (auto deleted = step(*statement, "write"); !deleted)
            return deleted;
    }
    // The admin actions are kept longer (HistoryOptions::auditMaxAge), and never by size.
    auto audit = m_database.prepare("DELETE FROM audit WHERE at_ms < ?1");
    if (!audit)
        return audit.error();
    audit->bind(1, auditCutoff);
    if (auto deleted = step(*audit, "write"); !deleted)
        return deleted;
    // By size: the oldest tenth of the events (and holds that ended before what is left) at a
    // time, until the data fits. The file keeps its size; SQLite reuses the freed pages.
    for (int round = 0; round < 10; ++round) {
        auto pages = m_database.scalar("SELECT (SELECT page_count FROM pragma_page_count())"
                                       " - (SELECT freelist_count FROM pragma_freelist_count())");
        auto pageSize = m_database.scalar("PRAGMA page_size");
        if (!pages)
            return pages.error();
        if (!pageSize)
            return pageSize.error();
        if (*pages * *pageSize <= maxBytes)
            break;
        if (auto trimmed = m_database.execute(
                "DELETE FROM events WHERE id < (SELECT min(id) + (max(id) - min(id)) / 10 + 1 FROM events);"
                "DELETE FROM holds WHERE ended_ms < coalesce((SELECT min(at_ms) FROM events WHERE id = "
                "(SELECT min(id) FROM events)), 9223372036854775807);");
            !trimmed)
            return trimmed;
    }
    return Done {};
}

} // namespace lockscope
