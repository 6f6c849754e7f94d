#pragma once

#include "history/HistoryReadStore.h"
#include "history/postgres/PostgresConnection.h"

#include <memory>
#include <string>

namespace lockscope {

// Reads a PostgreSQL history that recorders write at the same time (each statement sees what
// was committed when it started). A database of an older schema is read as it is: what its
// version lacks (marks before 2, polling spans before 3, library names before 5) reads as none.
class PostgresHistoryReader : public HistoryReadStore
{
public:
    static Result<std::unique_ptr<PostgresHistoryReader>> open(
        const std::string& url, const std::string& password);

    Result<HistoryTable> read(const std::string& sql, const std::vector<HistoryValue>& parameters) override;

private:
    PostgresHistoryReader(PostgresConnection connection, HistoryReadSql sql);

    PostgresConnection m_connection;
};

} // namespace lockscope
