#include "history/postgres/PostgresResult.h"

#include "common/HexDigits.h"

#include <libpq-fe.h>

#include <cstdlib>
#include <utility>

namespace lockscope {

PostgresResult::PostgresResult(pg_result* result)
    : m_result(result)
{
}

PostgresResult::~PostgresResult()
{
    if (m_result)
        PQclear(m_result);
}

PostgresResult::PostgresResult(PostgresResult&& other) noexcept
    : m_result(std::exchange(other.m_result, nullptr))
{
}

PostgresResult& PostgresResult::operator=(PostgresResult&& other) noexcept
{
    if (this != &other) {
        if (m_result)
            PQclear(m_result);
        m_result = std::exchange(other.m_result, nullptr);
    }
    return *this;
}

int PostgresResult::rows() const
{
    return m_result ? PQntuples(m_result) : 0;
}

long long PostgresResult::affectedRows() const
{
    return m_result ? std::strtoll(PQcmdTuples(m_result), nullptr, 10) : 0;
}

bool PostgresResult::isNull(int row, int column) const
{
    return PQgetisnull(m_result, row, column) != 0;
}

long long PostgresResult::integer(int row, int column) const
{
    return std::strtoll(PQgetvalue(m_result, row, column), nullptr, 10);
}

std::optional<long long> PostgresResult::optionalInteger(int row, int column) const
{
    if (isNull(row, column))
        return std::nullopt;
    return integer(row, column);
}

std::string PostgresResult::text(int row, int column) const
{
    return std::string(
        PQgetvalue(m_result, row, column), static_cast<size_t>(PQgetlength(m_result, row, column)));
}

std::string PostgresResult::bytes(int row, int column) const
{
    // bytea_output = 'hex' (set on every connection): "\x" and two hex digits a byte.
    const char* value = PQgetvalue(m_result, row, column);
    const auto length = static_cast<size_t>(PQgetlength(m_result, row, column));
    std::string decoded;
    if (length < 2 || value[0] != '\\' || value[1] != 'x')
        return std::string(value, length);
    decoded.reserve((length - 2) / 2);
    for (size_t i = 2; i + 1 < length; i += 2)
        decoded += static_cast<char>(hexDigitValue(value[i]) * 16 + hexDigitValue(value[i + 1]));
    return decoded;
}

HistoryTable PostgresResult::table() const
{
    // The type oids of PostgreSQL's catalog (pg_type.dat), which never change.
    constexpr Oid byteaOid = 17, bigintOid = 20, smallintOid = 21, integerOid = 23;
    HistoryTable table;
    const int columns = m_result ? PQnfields(m_result) : 0;
    for (int row = 0; row < rows(); ++row) {
        std::vector<HistoryValue> values;
        values.reserve(static_cast<size_t>(columns));
        for (int column = 0; column < columns; ++column) {
            const Oid type = PQftype(m_result, column);
            if (isNull(row, column))
                values.emplace_back(std::monostate {});
            else if (type == bigintOid || type == smallintOid || type == integerOid)
                values.emplace_back(integer(row, column));
            else if (type == byteaOid)
                values.emplace_back(bytes(row, column));
            else
                values.emplace_back(text(row, column));
        }
        table.addRow(std::move(values));
    }
    return table;
}

} // namespace lockscope
