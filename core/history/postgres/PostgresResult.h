#pragma once

#include "history/HistoryTable.h"

#include <optional>
#include <string>

struct pg_result;

namespace lockscope {

// The rows of one PostgreSQL statement (text format), cleared on destruction. Columns are
// 0-based. bytes() decodes a bytea column (hex output) back to the raw bytes.
class PostgresResult
{
public:
    PostgresResult() = default;
    explicit PostgresResult(pg_result* result);
    ~PostgresResult();
    PostgresResult(PostgresResult&& other) noexcept;
    PostgresResult& operator=(PostgresResult&& other) noexcept;
    PostgresResult(const PostgresResult&) = delete;
    PostgresResult& operator=(const PostgresResult&) = delete;

    int rows() const;
    // Rows an INSERT, UPDATE or DELETE touched.
    long long affectedRows() const;
    bool isNull(int row, int column) const;
    long long integer(int row, int column) const;
    std::optional<long long> optionalInteger(int row, int column) const;
    std::string text(int row, int column) const;
    std::string bytes(int row, int column) const;
    // Every row, each column as what its type holds: NULL, an integer (the integer types), bytes
    // (bytea decoded; text as it is).
    HistoryTable table() const;

private:
    pg_result* m_result = nullptr;
};

} // namespace lockscope
