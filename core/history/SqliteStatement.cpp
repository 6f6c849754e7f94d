#include "history/SqliteStatement.h"

#include <sqlite3.h>

#include <utility>

namespace lockscope {

SqliteStatement::SqliteStatement(sqlite3* database, sqlite3_stmt* statement)
    : m_database(database)
    , m_statement(statement)
{
}

SqliteStatement::~SqliteStatement()
{
    if (m_statement)
        sqlite3_finalize(m_statement);
}

SqliteStatement::SqliteStatement(SqliteStatement&& other) noexcept
    : m_database(std::exchange(other.m_database, nullptr))
    , m_statement(std::exchange(other.m_statement, nullptr))
{
}

SqliteStatement& SqliteStatement::operator=(SqliteStatement&& other) noexcept
{
    if (this != &other) {
        if (m_statement)
            sqlite3_finalize(m_statement);
        m_database = std::exchange(other.m_database, nullptr);
        m_statement = std::exchange(other.m_statement, nullptr);
    }
    return *this;
}

void SqliteStatement::reset()
{
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

void SqliteStatement::bind(int index, long long value)
{
    sqlite3_bind_int64(m_statement, index, value);
}

void SqliteStatement::bind(int index, const std::optional<long long>& value)
{
    if (value)
        bind(index, *value);
    else
        bindNull(index);
}

void SqliteStatement::bindBlob(int index, std::string_view bytes)
{
    sqlite3_bind_blob64(m_statement, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT);
}

void SqliteStatement::bindText(int index, std::string_view text)
{
    sqlite3_bind_text64(m_statement, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
}

void SqliteStatement::bindNull(int index)
{
    sqlite3_bind_null(m_statement, index);
}

int SqliteStatement::step()
{
    return sqlite3_step(m_statement);
}

long long SqliteStatement::integer(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

std::optional<long long> SqliteStatement::optionalInteger(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return integer(column);
}

double SqliteStatement::real(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

std::string SqliteStatement::bytes(int column) const
{
    const void* data = sqlite3_column_blob(m_statement, column);
    const int size = sqlite3_column_bytes(m_statement, column);
    return data ? std::string(static_cast<const char*>(data), static_cast<size_t>(size)) : std::string();
}

bool SqliteStatement::isNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

void SqliteStatement::bind(int index, const HistoryValue& value)
{
    if (const auto* number = std::get_if<long long>(&value))
        bind(index, *number);
    else if (const auto* bytes = std::get_if<std::string>(&value))
        bindBlob(index, *bytes);
    else
        bindNull(index);
}

void SqliteStatement::appendTo(HistoryTable& rows) const
{
    const int columns = sqlite3_column_count(m_statement);
    std::vector<HistoryValue> row;
    row.reserve(static_cast<size_t>(columns));
    for (int column = 0; column < columns; ++column) {
        switch (sqlite3_column_type(m_statement, column)) {
        case SQLITE_NULL:
            row.emplace_back(std::monostate {});
            break;
        case SQLITE_INTEGER:
        case SQLITE_FLOAT:
            row.emplace_back(integer(column));
            break;
        default:
            row.emplace_back(bytes(column));
        }
    }
    rows.addRow(std::move(row));
}

} // namespace lockscope
