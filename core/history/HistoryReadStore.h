#pragma once

#include "common/Result.h"
#include "history/HistoryReadSql.h"
#include "history/HistoryTable.h"

#include <string>
#include <vector>

namespace lockscope {

// Where HistoryQuery reads from: a SQLite file (SqliteHistoryReader) or a PostgreSQL database
// (PostgresHistoryReader). A store only runs the statements HistoryQuery writes with its
// HistoryReadSql (each one indexed query, bounded by a LIMIT) and hands back their rows;
// HistoryQuery turns them into records the same way for both.
class HistoryReadStore
{
public:
    virtual ~HistoryReadStore() = default;

    // The queries in this database's dialect, and what its schema version has.
    virtual const HistoryReadSql& sql() const = 0;
    // Runs `sql` with `parameters` (1, 2, ... in order) and returns every row.
    virtual Result<HistoryTable> read(const std::string& sql, const std::vector<HistoryValue>& parameters)
        = 0;
};

} // namespace lockscope
