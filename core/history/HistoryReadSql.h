#pragma once

#include "history/HistoryRecords.h"

#include <string>

namespace lockscope {

// The queries both history readers run (SqliteHistoryReader, PostgresHistoryReader), written
// once in SQL both databases read; only how a parameter is spelled differs (?1 or $1).
class HistoryReadSql
{
public:
    // '?' for SQLite, '$' for PostgreSQL: parameter n is spelled marker followed by n.
    explicit HistoryReadSql(char marker)
        : m_marker(marker)
    {
    }

    // Parameters 1 from, 2 until, 3 the lock's name, 4 limit.
    std::string holdsOfLock() const;
    // Parameters 1 from, 2 until, 3 limit.
    std::string allHolds() const;
    // Rows: name, node, kind, library, holds, longest, waiters, expired. Parameters 1 from,
    // 2 until, 3 limit.
    std::string league(HistoryLeague league) const;

private:
    std::string parameter(int number) const;
    // Holds overlapping [from, until): started before its end, and still open or ended after its start.
    std::string overlaps() const;

    char m_marker;
};

} // namespace lockscope
