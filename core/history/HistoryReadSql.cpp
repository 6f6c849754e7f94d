#include "history/HistoryReadSql.h"

#include "history/HoldRows.h"

namespace lockscope {

HistoryReadSql::HistoryReadSql(Dialect dialect, Schema schema)
    : m_dialect(dialect)
    , m_schema(schema)
{
}

HistoryReadSql::Schema HistoryReadSql::schemaOf(long long version)
{
    return {version >= 2, version >= 3, version >= 5, version >= 6, version >= 6};
}

std::string HistoryReadSql::parameter(int number) const
{
    return (m_dialect == Dialect::Sqlite ? "?" : "$") + std::to_string(number);
}

std::string HistoryReadSql::overlaps() const
{
    return " h.started_ms < " + parameter(2) + " AND (h.ended_ms IS NULL OR h.ended_ms >= " + parameter(1)
        + ") ";
}

bool HistoryReadSql::rowsNameServers() const
{
    return m_schema.servers || m_dialect == Dialect::Postgres;
}

std::string HistoryReadSql::holdColumns() const
{
    return HoldRows::select(m_schema.apiNames, rowsNameServers());
}

std::string HistoryReadSql::holdsOfLock() const
{
    // One indexed walk per node the name lives on (holds_by_lock: lock_id, started_ms, ended_ms).
    const std::string ofLock = "h.lock_id IN (SELECT id FROM locks WHERE name = " + parameter(3) + ")";
    const std::string select = holdColumns();
    if (m_dialect == Dialect::Sqlite) // SQLite checks the OR on the index's own ended_ms
        return select + "WHERE " + ofLock + " AND" + overlaps() + "ORDER BY h.started_ms LIMIT "
            + parameter(4);
    // PostgreSQL applies an OR only to rows read from the table, every hold of the lock that
    // started before `until`: the ended holds apart from the open ones, so that `ended_ms >= from`
    // is checked in the index and only the holds that overlap are read.
    return "SELECT * FROM (" + select + "WHERE " + ofLock + " AND h.started_ms < " + parameter(2)
        + " AND h.ended_ms >= " + parameter(1) + " UNION ALL " + select + "WHERE " + ofLock
        + " AND h.ended_ms IS NULL AND h.started_ms < " + parameter(2)
        + ") AS overlapping ORDER BY started_ms LIMIT " + parameter(4);
}

std::string HistoryReadSql::allHolds() const
{
    return holdColumns() + "WHERE" + overlaps() + "ORDER BY h.started_ms LIMIT " + parameter(3);
}

std::string HistoryReadSql::league(HistoryLeague league) const
{
    const char* order = league == HistoryLeague::Held ? "longest DESC, holds DESC"
        : league == HistoryLeague::Contended          ? "waiters DESC, holds DESC"
                                                      : "expired DESC, holds DESC";
    const char* keep = league == HistoryLeague::Held ? "longest > 0"
        : league == HistoryLeague::Contended         ? "waiters > 0"
                                                     : "expired > 0";
    return std::string("SELECT l.name, l.node, l.kind, l.library, t.holds, t.longest, t.waiters, t.expired, ")
        + (rowsNameServers() ? "l.source" : "''")
        + " FROM ("
          " SELECT h.lock_id, count(*) AS holds,"
          " max(CASE WHEN h.ended_ms IS NOT NULL THEN h.ended_ms - h.started_ms ELSE 0 END) AS longest,"
          " max(h.max_waiters) AS waiters, sum(CASE WHEN h.ending = 2 THEN 1 ELSE 0 END) AS expired"
          " FROM holds h WHERE"
        + overlaps() + "GROUP BY h.lock_id) t JOIN locks l ON l.id = t.lock_id WHERE " + keep + " ORDER BY "
        + order + " LIMIT " + parameter(3);
}

std::string HistoryReadSql::gaps() const
{
    // Several recorders share a history: each gap names whose it is.
    return std::string("SELECT started_ms, ended_ms, reason, ") + (rowsNameServers() ? "source" : "''")
        + " FROM gaps WHERE started_ms < " + parameter(2) + " AND (ended_ms IS NULL OR ended_ms >= "
        + parameter(1) + ") ORDER BY started_ms LIMIT " + parameter(3);
}

std::string HistoryReadSql::alerts() const
{
    const std::string bytes = m_dialect == Dialect::Sqlite ? "BLOB" : "bytea";
    const std::string lock = "CAST(" + parameter(4) + " AS " + bytes + ")";
    return "SELECT a.at_ms, coalesce(l.name, CAST('' AS " + bytes + ")), coalesce(l.node, CAST('' AS " + bytes
        + ")), a.rule, a.detail, "
        // An alert written before alerts named their server names its lock's.
        + (m_schema.servers         ? "coalesce(nullif(a.source, ''), l.source, '')"
                : rowsNameServers() ? "coalesce(l.source, '')"
                                    : "''")
        + " FROM alerts a LEFT JOIN locks l ON l.id = a.lock_id WHERE a.at_ms >= " + parameter(1)
        + " AND a.at_ms < " + parameter(2) + " AND (" + lock + " IS NULL OR l.name = " + lock
        + ") ORDER BY a.at_ms LIMIT " + parameter(3);
}

std::string HistoryReadSql::marks() const
{
    if (!m_schema.marks)
        return {};
    return std::string("SELECT at_ms, kind, node, lock, detail, ") + (rowsNameServers() ? "source" : "''")
        + " FROM marks WHERE at_ms >= " + parameter(1) + " AND at_ms < " + parameter(2)
        + " ORDER BY at_ms LIMIT " + parameter(3);
}

std::string HistoryReadSql::audit() const
{
    if (!m_schema.audit)
        return {};
    return "SELECT entry, at_ms, os_user, host, version, profile, server, node, lock, action,"
           " coalesce(state_before, ''), coalesce(state_after, ''), result, reason FROM audit WHERE at_ms >= "
        + parameter(1) + " AND at_ms < " + parameter(2) + " ORDER BY at_ms, id LIMIT " + parameter(3);
}

std::string HistoryReadSql::pollingSpans() const
{
    if (!m_schema.polling)
        return {};
    return "SELECT started_ms, ended_ms, interval_ms FROM polling WHERE started_ms < " + parameter(2)
        + " AND (ended_ms IS NULL OR ended_ms > " + parameter(1) + ") ORDER BY started_ms LIMIT "
        + parameter(3);
}

std::string HistoryReadSql::locksNamed() const
{
    // Both columns indexed (the unique key, locks_by_api_name): the OR reads the two indexes.
    if (!m_schema.apiNames)
        return "SELECT name, node, NULL FROM locks WHERE name = " + parameter(1)
            + " ORDER BY name, node LIMIT " + parameter(2);
    return "SELECT name, node, api_name FROM locks WHERE name = " + parameter(1)
        + " OR api_name = " + parameter(1) + " ORDER BY name, node LIMIT " + parameter(2);
}

} // namespace lockscope
