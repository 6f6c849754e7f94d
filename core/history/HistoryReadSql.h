#pragma once

#include "history/HistoryRecords.h"

#include <string>

namespace lockscope {

// The queries both history readers run (SqliteHistoryReader, PostgresHistoryReader), written
// once in SQL both databases read; only how a parameter is spelled (?1 or $1), what bytes are
// called (BLOB, bytea) and what each schema version has differ. A reader never migrates: a
// database of an older schema is read as it is, what its version lacks reading as none.
class HistoryReadSql
{
public:
    enum class Dialect
    {
        Sqlite,
        Postgres,
    };
    // What the database's schema version has.
    struct Schema
    {
        bool marks = true; // SQLite and PostgreSQL schema 2
        bool polling = true; // schema 3
        bool apiNames = true; // schema 5: the library's name of each lock
        bool servers = true; // schema 6: every row names its server (PostgreSQL: all but alerts before)
        bool audit = true; // schema 6: the admin actions
    };

    // What schema `version` has (SQLite's and PostgreSQL's versions number the same tables).
    static Schema schemaOf(long long version);

    HistoryReadSql(Dialect dialect, Schema schema);

    // Rows: HoldRows::select()'s. Parameters 1 from, 2 until, 3 the lock's key, 4 limit.
    std::string holdsOfLock() const;
    // Rows: HoldRows::select()'s. Parameters 1 from, 2 until, 3 limit.
    std::string allHolds() const;
    // Rows: name, node, kind, library, holds, longest, waiters, expired, server. Parameters 1
    // from, 2 until, 3 limit.
    std::string league(HistoryLeague league) const;
    // Rows: started, ended, reason, server (whose gap: '' in a SQLite file before schema 6).
    // Parameters 1 from, 2 until, 3 limit.
    std::string gaps() const;
    // Rows: at, lock, node, rule, detail, server. Parameters 1 from, 2 until, 3 limit, 4 the
    // lock's key (NULL: every lock).
    std::string alerts() const;
    // Rows: at, kind, node, lock, detail, server. Parameters 1 from, 2 until, 3 limit. Empty: the
    // schema has no marks.
    std::string marks() const;
    // Rows: entry, at, user, host, version, profile, server, node, lock, action, before, after,
    // result, reason. Parameters 1 from, 2 until, 3 limit. Empty: the schema has no audit.
    std::string audit() const;
    // Rows: started, ended, interval. Parameters 1 from, 2 until, 3 limit. Empty: the schema has
    // no polling spans.
    std::string pollingSpans() const;
    // Rows: key, node, library's name (empty where unknown) of the locks whose key or library's
    // name is parameter 1, at most parameter 2 of them.
    std::string locksNamed() const;

private:
    std::string parameter(int number) const;
    // Holds overlapping [from, until): started before its end, and still open or ended after its start.
    std::string overlaps() const;
    std::string holdColumns() const;
    // Whether the locks, gaps and marks name their server (PostgreSQL's always did).
    bool rowsNameServers() const;

    Dialect m_dialect;
    Schema m_schema;
};

} // namespace lockscope
