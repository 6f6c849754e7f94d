#include "history/SqliteHistoryReader.h"

#include "history/HistorySchema.h"

#include <sqlite3.h>

#include <filesystem>

namespace lockscope {

SqliteHistoryReader::SqliteHistoryReader(SqliteDatabase database, HistoryReadSql sql)
    : HistoryReadStore(std::move(sql))
    , m_database(std::move(database))
{
}

Result<std::unique_ptr<SqliteHistoryReader>> SqliteHistoryReader::open(
    const std::string& path, int busyTimeoutMs)
{
    std::error_code error;
    if (!std::filesystem::exists(path, error))
        return makeError(
            ErrorKind::NotFound, "no history database at " + path + " (`lockscope-cli record` writes one)");
    auto database = SqliteDatabase::open(path, SqliteDatabase::Mode::ReadOnly, busyTimeoutMs);
    if (!database)
        return database.error();
    // A file of an older schema that no recorder has opened since (and so migrated) is read as
    // it is.
    auto version = HistorySchema::check(*database);
    if (!version)
        return version.error();
    HistoryReadSql sql(HistoryReadSql::Dialect::Sqlite, HistoryReadSql::schemaOf(*version));
    return std::unique_ptr<SqliteHistoryReader>(
        new SqliteHistoryReader(std::move(*database), std::move(sql)));
}

Result<HistoryTable> SqliteHistoryReader::read(
    const std::string& sql, const std::vector<HistoryValue>& parameters)
{
    auto statement = m_database.prepare(sql);
    if (!statement)
        return statement.error();
    for (size_t i = 0; i < parameters.size(); ++i)
        statement->bind(static_cast<int>(i + 1), parameters[i]);
    HistoryTable rows;
    int code = SQLITE_ROW;
    while ((code = statement->step()) == SQLITE_ROW)
        statement->appendTo(rows);
    if (code != SQLITE_DONE)
        return m_database.failure(code, "read");
    return rows;
}

} // namespace lockscope
