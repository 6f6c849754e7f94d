#pragma once

#include "common/Result.h"
#include "history/SqliteStatement.h"

#include <string>
#include <string_view>

struct sqlite3;

namespace lockscope {

// One connection to a SQLite file, closed on destruction. Failures come back as errors whose
// message names the file and says what SQLite found (busy, corrupt, full, ...), never thrown.
class SqliteDatabase
{
public:
    enum class Mode
    {
        ReadWrite, // creates the file if missing
        ReadOnly,
    };

    static Result<SqliteDatabase> open(const std::string& path, Mode mode, int busyTimeoutMs);

    SqliteDatabase() = default;
    ~SqliteDatabase();
    SqliteDatabase(SqliteDatabase&& other) noexcept;
    SqliteDatabase& operator=(SqliteDatabase&& other) noexcept;
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;

    const std::string& path() const { return m_path; }
    // Runs one or more statements that return no rows.
    Status execute(std::string_view sql);
    Result<SqliteStatement> prepare(std::string_view sql);
    // The first column of the first row of a one-value query (PRAGMA user_version, count(*)).
    Result<long long> scalar(std::string_view sql);
    long long lastInsertId() const;

    // An error for SQLite result `code` while doing `doing` (open, read, write), in words people
    // can act on.
    RedisError failure(int code, std::string_view doing) const;

private:
    sqlite3* m_database = nullptr;
    std::string m_path;
};

} // namespace lockscope
