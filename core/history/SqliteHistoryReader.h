#pragma once

#include "history/HistoryReadStore.h"
#include "history/SqliteDatabase.h"

#include <memory>
#include <string>

namespace lockscope {

// Reads a SQLite history file on its own read-only connection (so it works beside a recorder
// writing the same file).
class SqliteHistoryReader : public HistoryReadStore
{
public:
    static Result<std::unique_ptr<SqliteHistoryReader>> open(const std::string& path, int busyTimeoutMs);

    Result<HistoryTable> read(const std::string& sql, const std::vector<HistoryValue>& parameters) override;

private:
    SqliteHistoryReader(SqliteDatabase database, HistoryReadSql sql);

    SqliteDatabase m_database;
};

} // namespace lockscope
