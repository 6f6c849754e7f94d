#include "history/postgres/PostgresHistoryReader.h"

#include "history/postgres/PostgresSchema.h"

namespace lockscope {

PostgresHistoryReader::PostgresHistoryReader(PostgresConnection connection, HistoryReadSql sql)
    : HistoryReadStore(std::move(sql))
    , m_connection(std::move(connection))
{
}

Result<std::unique_ptr<PostgresHistoryReader>> PostgresHistoryReader::open(
    const std::string& url, const std::string& password)
{
    auto connection = PostgresConnection::connect(url, password);
    if (!connection)
        return connection.error();
    auto version = PostgresSchema::check(*connection);
    if (!version)
        return version.error();
    HistoryReadSql sql(HistoryReadSql::Dialect::Postgres, HistoryReadSql::schemaOf(*version));
    return std::unique_ptr<PostgresHistoryReader>(
        new PostgresHistoryReader(std::move(*connection), std::move(sql)));
}

Result<HistoryTable> PostgresHistoryReader::read(
    const std::string& sql, const std::vector<HistoryValue>& parameters)
{
    PostgresParams params;
    for (const auto& parameter : parameters)
        params.value(parameter);
    auto rows = m_connection.query(sql, params);
    if (!rows)
        return rows.error();
    return rows->table();
}

} // namespace lockscope
