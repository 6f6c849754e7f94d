#include "history/SqliteDatabase.h"

#include <sqlite3.h>

#include <utility>

namespace lockscope {

Result<SqliteDatabase> SqliteDatabase::open(const std::string& path, Mode mode, int busyTimeoutMs)
{
    SqliteDatabase database;
    database.m_path = path;
    const int flags
        = mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    const int code
        = sqlite3_open_v2(path.c_str(), &database.m_database, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (code != SQLITE_OK)
        return database.failure(code, "open");
    sqlite3_extended_result_codes(database.m_database, 1);
    sqlite3_busy_timeout(database.m_database, busyTimeoutMs);
    return database;
}

SqliteDatabase::~SqliteDatabase()
{
    if (m_database)
        sqlite3_close_v2(m_database);
}

SqliteDatabase::SqliteDatabase(SqliteDatabase&& other) noexcept
    : m_database(std::exchange(other.m_database, nullptr))
    , m_path(std::move(other.m_path))
{
}

SqliteDatabase& SqliteDatabase::operator=(SqliteDatabase&& other) noexcept
{
    if (this != &other) {
        if (m_database)
            sqlite3_close_v2(m_database);
        m_database = std::exchange(other.m_database, nullptr);
        m_path = std::move(other.m_path);
    }
    return *this;
}

Status SqliteDatabase::execute(std::string_view sql)
{
    const std::string text(sql);
    const int code = sqlite3_exec(m_database, text.c_str(), nullptr, nullptr, nullptr);
    if (code != SQLITE_OK)
        return failure(code, "write");
    return Done {};
}

Result<SqliteStatement> SqliteDatabase::prepare(std::string_view sql)
{
    sqlite3_stmt* statement = nullptr;
    const int code = sqlite3_prepare_v3(
        m_database, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
    if (code != SQLITE_OK)
        return failure(code, "read");
    return SqliteStatement(m_database, statement);
}

Result<long long> SqliteDatabase::scalar(std::string_view sql)
{
    auto statement = prepare(sql);
    if (!statement)
        return statement.error();
    const int code = statement->step();
    if (code == SQLITE_ROW)
        return statement->integer(0);
    if (code == SQLITE_DONE)
        return 0LL;
    return failure(code, "read");
}

long long SqliteDatabase::lastInsertId() const
{
    return sqlite3_last_insert_rowid(m_database);
}

RedisError SqliteDatabase::failure(int code, std::string_view doing) const
{
    const std::string where = "history database " + m_path;
    const std::string detail = m_database ? sqlite3_errmsg(m_database) : sqlite3_errstr(code);
    switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return makeError(ErrorKind::Timeout,
            where + " is locked by another process (" + detail + "); history is not recorded meanwhile");
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
        return makeError(ErrorKind::Protocol,
            where + " is corrupt or not a database (" + detail + "); it is left as it is");
    case SQLITE_FULL:
        return makeError(
            ErrorKind::Internal, where + " is full (disk or size limit reached: " + detail + ")");
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_READONLY:
    case SQLITE_AUTH:
        return makeError(
            ErrorKind::NoPermission, where + ": cannot " + std::string(doing) + " (" + detail + ")");
    default:
        return makeError(ErrorKind::Internal, where + ": cannot " + std::string(doing) + " (" + detail + ")");
    }
}

} // namespace lockscope
