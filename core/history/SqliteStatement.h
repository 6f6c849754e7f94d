#pragma once

#include "history/HistoryTable.h"

#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace lockscope {

// One prepared statement, finalized on destruction. Binds are 1-based, columns 0-based, as in
// SQLite. step() returns SQLite's code (SQLITE_ROW, SQLITE_DONE or an error); the owner turns
// errors into messages (SqliteDatabase::failure).
class SqliteStatement
{
public:
    SqliteStatement() = default;
    SqliteStatement(sqlite3* database, sqlite3_stmt* statement);
    ~SqliteStatement();
    SqliteStatement(SqliteStatement&& other) noexcept;
    SqliteStatement& operator=(SqliteStatement&& other) noexcept;
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    bool valid() const { return m_statement != nullptr; }
    // Clears the bindings and makes the statement ready to run again.
    void reset();

    void bind(int index, long long value);
    void bind(int index, const std::optional<long long>& value); // nullopt binds NULL
    // Bytes, not text: lock names and holder ids are raw Redis bytes.
    void bindBlob(int index, std::string_view bytes);
    void bindText(int index, std::string_view text);
    void bindNull(int index);
    // NULL, an integer, or bytes (as a blob).
    void bind(int index, const HistoryValue& value);

    int step();

    long long integer(int column) const;
    std::optional<long long> optionalInteger(int column) const;
    double real(int column) const;
    std::string bytes(int column) const;
    bool isNull(int column) const;
    // The current row, every column as what it holds (NULL, integer, or its bytes), as a row of `rows`.
    void appendTo(HistoryTable& rows) const;

private:
    sqlite3* m_database = nullptr;
    sqlite3_stmt* m_statement = nullptr;
};

} // namespace lockscope
