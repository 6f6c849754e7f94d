#include "history/postgres/PostgresHistoryStore.h"

#include "history/HoldRows.h"
#include "history/postgres/PostgresCopyRows.h"
#include "history/postgres/PostgresRetention.h"
#include "history/postgres/PostgresSchema.h"
#include "history/postgres/PostgresSourceClaim.h"

#include <algorithm>
#include <set>

namespace lockscope {

namespace {

using HoldKey = std::pair<long long, std::string>; // lock id, holder

} // namespace

struct PostgresHistoryStore::Segment
{
    PostgresCopyRows events, ends;
    // The holds started in the segment (lock id, hold): one that also ends in it is sent whole,
    // one INSERT instead of an INSERT and an UPDATE.
    std::vector<std::pair<long long, HoldRecord>> holds;
    struct Seen
    {
        std::optional<size_t> started; // its place in holds
        bool ended = false;
    };
    std::map<HoldKey, Seen> seen;
};

PostgresHistoryStore::PostgresHistoryStore(PostgresConnection connection, HistoryOptions options)
    : m_connection(std::move(connection))
    , m_options(std::move(options))
{
}

PostgresHistoryStore::~PostgresHistoryStore() = default;

Result<std::unique_ptr<PostgresHistoryStore>> PostgresHistoryStore::open(
    const std::string& url, const HistoryOptions& options)
{
    auto connection = PostgresConnection::connect(url, options.password);
    if (!connection)
        return connection.error();
    std::unique_ptr<PostgresHistoryStore> store(new PostgresHistoryStore(std::move(*connection), options));
    // Claimed before anything is written: a refused second recorder leaves no trace.
    if (auto claimed = PostgresSourceClaim::claim(store->m_connection, options.source); !claimed)
        return claimed.error();
    if (auto prepared = PostgresSchema::prepare(store->m_connection); !prepared)
        return prepared.error();
    if (auto prepared = store->prepareConnection(); !prepared)
        return prepared.error();
    return store;
}

Status PostgresHistoryStore::prepareConnection()
{
    return m_connection.execute(
        "CREATE TEMP TABLE IF NOT EXISTS hold_ends(lock_id bigint, holder bytea, ended_ms bigint,"
        " ending smallint, fence bigint, max_reentries bigint, max_waiters bigint) ON COMMIT DELETE ROWS;"
        "CREATE TEMP TABLE IF NOT EXISTS new_locks(node bytea, name bytea, kind text, library text,"
        " api_name bytea)"
        " ON COMMIT DELETE ROWS");
}

Result<ResumedSession> PostgresHistoryStore::startSession(long long nowMs)
{
    auto rollback = [this](RedisError error) -> Result<ResumedSession> {
        (void)m_connection.execute("ROLLBACK");
        return error;
    };
    if (auto begun = m_connection.execute("BEGIN"); !begun)
        return begun.error();
    ResumedSession resumed;
    const std::string& source = m_options.source;
    auto previous = m_connection.query(
        "SELECT coalesce(ended_ms, alive_ms) FROM sessions WHERE source = $1 ORDER BY id DESC LIMIT 1",
        PostgresParams().text(source));
    if (!previous)
        return rollback(previous.error());
    const std::optional<long long> previousAliveMs
        = previous->rows() > 0 ? std::optional<long long>(previous->integer(0, 0)) : std::nullopt;
    // A gap left open by a run that died while not watching goes on; otherwise the time since
    // the previous run last showed life is one.
    auto openGap = m_connection.query(
        "SELECT started_ms FROM gaps WHERE source = $1 AND ended_ms IS NULL ORDER BY id DESC LIMIT 1",
        PostgresParams().text(source));
    if (!openGap)
        return rollback(openGap.error());
    if (openGap->rows() > 0) {
        resumed.gapStartMs = openGap->integer(0, 0);
    } else if (previousAliveMs) {
        resumed.gapStartMs = previousAliveMs;
        auto inserted = m_connection.query("INSERT INTO gaps(source, started_ms, reason) VALUES($1, $2, $3)",
            PostgresParams().text(source).integer(*previousAliveMs).bytes("recorder not running"));
        if (!inserted)
            return rollback(inserted.error());
    }
    // A polling span left open by a run that was killed ended when that run last showed life.
    if (previousAliveMs) {
        auto ended
            = m_connection.query("UPDATE polling SET ended_ms = $2 WHERE source = $1 AND ended_ms IS NULL",
                PostgresParams().text(source).integer(*previousAliveMs));
        if (!ended)
            return rollback(ended.error());
    }
    auto session = m_connection.query(
        "INSERT INTO sessions(source, started_ms, alive_ms) VALUES($1, $2, $2) RETURNING id",
        PostgresParams().text(source).integer(nowMs));
    if (!session)
        return rollback(session.error());
    m_sessionId = session->integer(0, 0);
    auto open = m_connection.query(
        HoldRows::select() + "WHERE h.ended_ms IS NULL AND l.source = $1", PostgresParams().text(source));
    if (!open)
        return rollback(open.error());
    const HistoryTable openRows = open->table();
    for (size_t row = 0; row < openRows.rows(); ++row)
        resumed.openHolds.push_back(HoldRows::read(openRows, row));
    if (auto committed = m_connection.execute("COMMIT"); !committed)
        return rollback(committed.error());
    return resumed;
}

Status PostgresHistoryStore::queue(HistoryWrite write)
{
    if (m_lost && m_queuedEvents >= m_options.bufferedEventsLimit) {
        // Full while the database is away: dropped, and the gap for it written once it is back.
        if (write.kind == HistoryWrite::Kind::Event) {
            if (m_inFlight && m_dropped == m_inFlight->dropped)
                m_droppedSinceFlightFromMs = write.event.atMs;
            if (m_dropped++ == 0)
                m_droppedFromMs = write.event.atMs;
            m_droppedUntilMs = std::max(m_droppedUntilMs, write.event.atMs);
        }
        return Done {};
    }
    if (write.kind == HistoryWrite::Kind::Event)
        ++m_queuedEvents;
    m_writes.push_back(std::move(write));
    return Done {};
}

Status PostgresHistoryStore::write(HistoryWrite write)
{
    return queue(std::move(write));
}

Result<std::optional<long long>> PostgresHistoryStore::existingLockId(
    const std::string& node, const std::string& name)
{
    const auto key = std::make_pair(node, name);
    if (auto it = m_lockIds.find(key); it != m_lockIds.end())
        return std::optional<long long>(it->second);
    if (auto it = m_newLockIds.find(key); it != m_newLockIds.end())
        return std::optional<long long>(it->second);
    auto found = m_connection.query(
        "SELECT id FROM locks WHERE name = $1 AND node = $2", PostgresParams().bytes(name).bytes(node));
    if (!found)
        return found.error();
    if (found->rows() == 0)
        return std::optional<long long>();
    return std::optional<long long>(found->integer(0, 0));
}

Result<long long> PostgresHistoryStore::lockId(const std::string& node, const std::string& name,
    const std::string& apiName, const std::string& kind, const std::string& library)
{
    const auto key = std::make_pair(node, name);
    if (auto it = m_lockIds.find(key); it != m_lockIds.end())
        return it->second;
    if (auto it = m_newLockIds.find(key); it != m_newLockIds.end())
        return it->second;
    // Another recorder may add the same lock at the same moment: the unique key settles it.
    PostgresParams params;
    params.bytes(node).bytes(name).text(kind).text(library).text(m_options.source);
    if (apiName.empty())
        params.null();
    else
        params.bytes(apiName);
    auto inserted = m_connection.query(
        "INSERT INTO locks(node, name, kind, library, source, api_name) VALUES($1, $2, $3, $4, $5, $6)"
        " ON CONFLICT (name, node) DO UPDATE SET kind = EXCLUDED.kind,"
        " api_name = coalesce(EXCLUDED.api_name, locks.api_name) RETURNING id",
        params);
    if (!inserted)
        return inserted.error();
    const long long id = inserted->integer(0, 0);
    m_newLockIds.emplace(key, id);
    return id;
}

Status PostgresHistoryStore::sendSegment(Segment& segment)
{
    if (!segment.events.empty()) {
        if (auto copied
            = m_connection.copy("COPY events(at_ms, lock_id, type, holders, holder_count, reentries,"
                                " ttl_ms, fence, waiters, stuck) FROM STDIN",
                segment.events.data());
            !copied)
            return copied;
    }
    if (!segment.holds.empty()) {
        PostgresCopyRows rows;
        for (const auto& [id, hold] : segment.holds) {
            rows.integer(id)
                .bytes(hold.holder)
                .text(holderModeName(hold.mode))
                .integer(hold.startedMs)
                .integer(hold.endedMs);
            if (hold.ending == HoldEnding::Open)
                rows.null();
            else
                rows.integer(static_cast<long long>(hold.ending));
            rows.integer(hold.fence).integer(hold.maxReentries).integer(hold.maxWaiters).endRow();
        }
        if (auto copied = m_connection.copy("COPY holds(lock_id, holder, mode, started_ms, ended_ms, ending,"
                                            " fence, max_reentries, max_waiters) FROM STDIN",
                rows.data());
            !copied)
            return copied;
    }
    if (!segment.ends.empty()) {
        if (auto copied = m_connection.copy("COPY hold_ends FROM STDIN", segment.ends.data()); !copied)
            return copied;
        if (auto ended = m_connection.execute(
                "UPDATE holds h SET ended_ms = e.ended_ms, ending = e.ending, fence = coalesce(h.fence, "
                "e.fence),"
                " max_reentries = greatest(h.max_reentries, e.max_reentries),"
                " max_waiters = greatest(h.max_waiters, e.max_waiters) FROM hold_ends e"
                " WHERE h.lock_id = e.lock_id AND h.holder = e.holder AND h.ended_ms IS NULL;"
                " DELETE FROM hold_ends");
            !ended)
            return ended;
    }
    segment.events.clear();
    segment.holds.clear();
    segment.ends.clear();
    segment.seen.clear();
    return Done {};
}

Status PostgresHistoryStore::sendOne(const HistoryWrite& write)
{
    const std::string& source = m_options.source;
    std::string sql;
    PostgresParams params;
    switch (write.kind) {
    case HistoryWrite::Kind::Remark:
        sql = "UPDATE holds SET ending = 3 WHERE lock_id = (SELECT id FROM locks WHERE name = $1 AND node = "
              "$2)"
              " AND ending = 1 AND ended_ms >= $3";
        params.bytes(write.lock).bytes(write.node).integer(write.atMs);
        break;
    case HistoryWrite::Kind::OpenGap:
        sql = "INSERT INTO gaps(source, started_ms, reason) VALUES($1, $2, $3)";
        params.text(source).integer(write.atMs).bytes(write.detail);
        break;
    case HistoryWrite::Kind::CloseGap:
        sql = "UPDATE gaps SET ended_ms = $2 WHERE source = $1 AND ended_ms IS NULL";
        params.text(source).integer(write.atMs);
        break;
    case HistoryWrite::Kind::ClosedGap:
        sql = "INSERT INTO gaps(source, started_ms, ended_ms, reason) VALUES($1, $2, $3, $4)";
        params.text(source)
            .integer(write.atMs)
            .integer(std::max(write.atMs, write.untilMs))
            .bytes(write.detail);
        break;
    case HistoryWrite::Kind::StartPolling:
        sql = "INSERT INTO polling(source, started_ms, interval_ms) VALUES($1, $2, $3)";
        params.text(source).integer(write.atMs).integer(write.intervalMs);
        break;
    case HistoryWrite::Kind::EndPolling:
        sql = "UPDATE polling SET ended_ms = $2 WHERE source = $1 AND ended_ms IS NULL";
        params.text(source).integer(write.atMs);
        break;
    case HistoryWrite::Kind::Alert: {
        std::optional<long long> id;
        if (!write.lock.empty()) {
            auto found = existingLockId(write.node, write.lock);
            if (!found)
                return found.error();
            id = *found;
        }
        sql = "INSERT INTO alerts(at_ms, lock_id, rule, detail, source) VALUES($1, $2, $3, $4, $5)";
        params.integer(write.atMs).integer(id).text(write.name).bytes(write.detail).text(source);
        break;
    }
    case HistoryWrite::Kind::Mark:
        sql = "INSERT INTO marks(source, at_ms, kind, node, lock, detail) VALUES($1, $2, $3, $4, $5, $6)";
        params.text(source)
            .integer(write.atMs)
            .text(write.name)
            .bytes(write.node)
            .bytes(write.lock)
            .bytes(write.detail);
        break;
    case HistoryWrite::Kind::Mode:
        sql = "UPDATE sessions SET alive_ms = greatest(alive_ms, $2), mode = $3 WHERE id = $1";
        params.integer(m_sessionId).integer(write.atMs).text(write.name);
        break;
    case HistoryWrite::Kind::Event:
    case HistoryWrite::Kind::StartHold:
    case HistoryWrite::Kind::EndHold:
        return makeError(ErrorKind::Internal, "history: a row write sent on its own");
    }
    auto sent = m_connection.query(sql, params);
    if (!sent)
        return sent.error();
    return Done {};
}

Status PostgresHistoryStore::addNewLocks()
{
    // Each lock not known yet, once, in the order the unique key sorts them (two recorders adding
    // the same locks then wait for each other instead of deadlocking).
    struct Described
    {
        const std::string *apiName, *kind, *library;
    };
    std::map<std::pair<std::string, std::string>, Described> unknown; // name, node
    auto note = [&](const std::string& node, const std::string& name, const std::string& apiName,
                    const std::string& kind, const std::string& library) {
        if (m_lockIds.count({node, name}) == 0)
            unknown.try_emplace({name, node}, Described {&apiName, &kind, &library});
    };
    for (const HistoryWrite& write : m_writes) {
        if (write.kind == HistoryWrite::Kind::Event)
            note(write.event.node, write.event.lock, write.event.apiName, write.event.kind,
                write.event.library);
        else if (write.kind == HistoryWrite::Kind::StartHold || write.kind == HistoryWrite::Kind::EndHold)
            note(write.hold.node, write.hold.lock, write.hold.apiName, write.hold.kind, write.hold.library);
    }
    if (unknown.empty())
        return Done {};
    PostgresCopyRows rows;
    for (const auto& [key, described] : unknown) {
        rows.bytes(key.second).bytes(key.first).text(*described.kind).text(*described.library);
        if (described.apiName->empty())
            rows.null();
        else
            rows.bytes(*described.apiName);
        rows.endRow();
    }
    if (auto copied = m_connection.copy("COPY new_locks FROM STDIN", rows.data()); !copied)
        return copied;
    // Another recorder may add the same lock at the same moment: the unique key settles it.
    auto inserted = m_connection.query(
        "INSERT INTO locks(node, name, kind, library, source, api_name) SELECT node, name, kind, library, $1,"
        " api_name FROM new_locks ORDER BY name, node ON CONFLICT (name, node) DO UPDATE SET"
        " kind = EXCLUDED.kind, api_name = coalesce(EXCLUDED.api_name, locks.api_name)"
        " RETURNING id, node, name",
        PostgresParams().text(m_options.source));
    if (!inserted)
        return inserted.error();
    for (int row = 0; row < inserted->rows(); ++row)
        m_newLockIds.insert_or_assign(
            {inserted->bytes(row, 1), inserted->bytes(row, 2)}, inserted->integer(row, 0));
    return Done {};
}

Status PostgresHistoryStore::addHold(Segment& segment, const HoldRecord& hold, bool starts)
{
    auto id = lockId(hold.node, hold.lock, hold.apiName, hold.kind, hold.library);
    if (!id)
        return id.error();
    HoldKey key {*id, hold.holder};
    auto seen = segment.seen.find(key);
    // A second start of one hold, or a second end, waits for the next segment: the ends are
    // applied after the starts, all at once.
    if (seen != segment.seen.end() && (starts || seen->second.ended)) {
        if (auto sent = sendSegment(segment); !sent)
            return sent;
        seen = segment.seen.end();
    }
    if (seen == segment.seen.end())
        seen = segment.seen.emplace(std::move(key), Segment::Seen {}).first;
    if (starts) {
        seen->second.started = segment.holds.size();
        segment.holds.emplace_back(*id, hold);
    } else if (seen->second.started) {
        segment.holds[*seen->second.started].second.endAs(hold);
        seen->second.ended = true;
    } else {
        segment.ends.integer(*id).bytes(hold.holder).integer(hold.endedMs);
        segment.ends.integer(static_cast<long long>(hold.ending)).integer(hold.fence);
        segment.ends.integer(hold.maxReentries).integer(hold.maxWaiters);
        segment.ends.endRow();
        seen->second.ended = true;
    }
    return Done {};
}

Status PostgresHistoryStore::sendWrites(Segment& segment)
{
    // The batch's new locks in one round trip, not one each.
    if (auto added = addNewLocks(); !added)
        return added;
    for (const HistoryWrite& write : m_writes) {
        if (write.kind == HistoryWrite::Kind::Event) {
            const EventRow& event = write.event;
            auto id = lockId(event.node, event.lock, event.apiName, event.kind, event.library);
            if (!id)
                return id.error();
            segment.events.integer(event.atMs).integer(*id).integer(static_cast<long long>(event.type));
            segment.events.bytes(event.holders).integer(event.holderCount).integer(event.reentries);
            segment.events.integer(event.ttlMs)
                .integer(event.fence)
                .integer(event.waiters)
                .boolean(event.stuck);
            segment.events.endRow();
        } else if (write.kind == HistoryWrite::Kind::StartHold || write.kind == HistoryWrite::Kind::EndHold) {
            if (auto added = addHold(segment, write.hold, write.kind == HistoryWrite::Kind::StartHold);
                !added)
                return added;
        } else {
            if (auto sent = sendSegment(segment); !sent)
                return sent;
            if (auto sent = sendOne(write); !sent)
                return sent;
        }
    }
    return sendSegment(segment);
}

Status PostgresHistoryStore::sendDropped(long long nowMs, const HoldTracker& holds)
{
    const std::string reason
        = "history database unreachable: " + std::to_string(m_dropped) + " event(s) not recorded";
    auto gap
        = m_connection.query("INSERT INTO gaps(source, started_ms, ended_ms, reason) VALUES($1, $2, $3, $4)",
            PostgresParams()
                .text(m_options.source)
                .integer(m_droppedFromMs)
                .integer(std::max(m_droppedUntilMs, nowMs))
                .bytes(reason));
    if (!gap)
        return gap.error();
    // Holds that started or ended among the dropped events: the database is set to what the
    // recorder sees now. Gone ones end as lost where the drops began, present ones are there.
    std::set<std::tuple<std::string, std::string, std::string>> present; // node, lock, holder
    std::vector<HoldRecord> open = holds.openHolds();
    for (const HoldRecord& hold : open)
        present.emplace(hold.node, hold.lock, hold.holder);
    auto stored = m_connection.query("SELECT h.id, l.node, l.name, h.holder FROM holds h JOIN locks l"
                                     " ON l.id = h.lock_id WHERE h.ended_ms IS NULL AND l.source = $1",
        PostgresParams().text(m_options.source));
    if (!stored)
        return stored.error();
    std::set<std::tuple<std::string, std::string, std::string>> inDatabase;
    for (int row = 0; row < stored->rows(); ++row) {
        auto key = std::make_tuple(stored->bytes(row, 1), stored->bytes(row, 2), stored->bytes(row, 3));
        if (present.count(key) == 0) {
            auto ended = m_connection.query("UPDATE holds SET ended_ms = $2, ending = 4 WHERE id = $1",
                PostgresParams().integer(stored->integer(row, 0)).integer(m_droppedFromMs));
            if (!ended)
                return ended.error();
        }
        inDatabase.insert(std::move(key));
    }
    Segment segment;
    for (const HoldRecord& hold : open) {
        if (inDatabase.count({hold.node, hold.lock, hold.holder}) > 0)
            continue;
        auto id = lockId(hold.node, hold.lock, hold.apiName, hold.kind, hold.library);
        if (!id)
            return id.error();
        segment.holds.emplace_back(*id, hold);
    }
    return sendSegment(segment);
}

bool PostgresHistoryStore::lostWith(const Status& status)
{
    return !status && (m_connection.isLost() || status.error().kind == ErrorKind::Disconnected);
}

Status PostgresHistoryStore::send(long long nowMs, std::optional<long long> endedMs, const HoldTracker& holds)
{
    if (m_lost) {
        if (auto back = m_connection.reconnect(); !back)
            return Done {}; // still away: the writes wait
        if (auto prepared = prepareConnection(); !prepared)
            return lostWith(prepared) ? Status(Done {}) : prepared;
        // The claim went with the old connection; another recorder may have taken it meanwhile.
        if (auto claimed = PostgresSourceClaim::claim(m_connection, m_options.source); !claimed)
            return lostWith(claimed) ? Status(Done {}) : claimed;
        if (auto settled = settleBatchInFlight(); !settled)
            return lostWith(settled) ? Status(Done {}) : settled;
        m_lost = false;
    }
    const InFlight batch {m_writes.size(), m_dropped};
    auto sent = [&]() -> Status {
        if (auto begun = m_connection.execute("BEGIN"); !begun)
            return begun;
        Segment segment;
        if (auto written = sendWrites(segment); !written)
            return written;
        if (m_dropped > 0) {
            if (auto written = sendDropped(nowMs, holds); !written)
                return written;
        }
        auto alive
            = m_connection.query("UPDATE sessions SET alive_ms = greatest(alive_ms, $2), ended_ms = $3,"
                                 " batches = $4 WHERE id = $1",
                PostgresParams().integer(m_sessionId).integer(nowMs).integer(endedMs).integer(m_batches + 1));
        if (!alive)
            return alive.error();
        return m_connection.execute("COMMIT");
    }();
    if (!sent) {
        m_newLockIds.clear();
        if (lostWith(sent)) {
            m_lost = true;
            m_inFlight = batch;
            return Done {};
        }
        (void)m_connection.execute("ROLLBACK");
        return sent;
    }
    m_lockIds.merge(m_newLockIds);
    m_newLockIds.clear();
    markSent(batch.writes, batch.dropped);
    return Done {};
}

Status PostgresHistoryStore::settleBatchInFlight()
{
    if (!m_inFlight)
        return Done {};
    auto counted = m_connection.query(
        "SELECT batches FROM sessions WHERE id = $1", PostgresParams().integer(m_sessionId));
    if (!counted)
        return counted.error();
    if (counted->rows() > 0 && counted->integer(0, 0) > m_batches)
        markSent(m_inFlight->writes, m_inFlight->dropped);
    m_inFlight.reset();
    return Done {};
}

void PostgresHistoryStore::markSent(size_t writes, long long dropped)
{
    ++m_batches;
    m_writes.erase(m_writes.begin(), m_writes.begin() + static_cast<std::ptrdiff_t>(writes));
    m_queuedEvents = std::count_if(m_writes.begin(), m_writes.end(),
        [](const HistoryWrite& write) { return write.kind == HistoryWrite::Kind::Event; });
    m_dropped -= dropped;
    if (m_dropped == 0)
        m_droppedUntilMs = 0;
    else if (dropped > 0)
        m_droppedFromMs = m_droppedSinceFlightFromMs;
    m_inFlight.reset();
}

Status PostgresHistoryStore::finishBatch(
    long long nowMs, std::optional<long long> endedMs, const HoldTracker& holds)
{
    if (auto sent = send(nowMs, endedMs, holds); !sent)
        return sent;
    if (endedMs && m_lost)
        return makeError(ErrorKind::Disconnected,
            "history database " + m_connection.url() + " is unreachable: "
                + std::to_string(m_queuedEvents + m_dropped) + " event(s) could not be recorded");
    return Done {};
}

void PostgresHistoryStore::abandon()
{
    m_writes.clear();
    m_queuedEvents = 0;
    m_inFlight.reset();
}

Status PostgresHistoryStore::applyRetention(long long cutoffMs, long long auditCutoffMs, long long maxBytes)
{
    // Runs beside the batch (which waits in memory), each DELETE a bounded transaction of its own.
    if (m_lost)
        return Done {};
    auto retained = PostgresRetention::apply(m_connection, cutoffMs, auditCutoffMs, maxBytes);
    if (lostWith(retained)) {
        m_lost = true;
        return Done {};
    }
    return retained;
}

} // namespace lockscope
