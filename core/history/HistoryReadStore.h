#pragma once

#include "common/Result.h"
#include "history/HistoryReadSql.h"
#include "history/HistoryTable.h"

#include <string>
#include <utility>
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

    // The queries in this database's dialect, for what its schema version has.
    const HistoryReadSql& sql() const { return m_sql; }
    // Runs `sql` with `parameters` (1, 2, ... in order) and returns every row.
    virtual Result<HistoryTable> read(const std::string& sql, const std::vector<HistoryValue>& parameters)
        = 0;

protected:
    explicit HistoryReadStore(HistoryReadSql sql)
        : m_sql(std::move(sql))
    {
    }

private:
    HistoryReadSql m_sql;
};

} // namespace lockscope
