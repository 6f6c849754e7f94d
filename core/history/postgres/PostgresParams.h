#pragma once

#include "history/HistoryTable.h"
#include "history/postgres/PostgresValues.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// The parameters of one PostgreSQL statement ($1, $2, ... in the order added). Every value goes
// as a parameter, never into the SQL text; bytes (lock names, holders, details) go in binary
// format as bytea, so quotes, backslashes, NUL bytes and escapes arrive exactly as they are.
class PostgresParams : public PostgresValues<PostgresParams>
{
public:
    PostgresParams& bytes(std::string_view value); // bytea
    PostgresParams& value(const HistoryValue& value); // NULL, an integer, or bytea

    int count() const { return static_cast<int>(m_values.size()); }
    std::vector<const char*> values() const;
    const int* lengths() const { return m_lengths.data(); }
    const int* formats() const { return m_formats.data(); }

private:
    friend class PostgresValues<PostgresParams>;
    PostgresParams& put(std::string value); // in text format
    PostgresParams& putNull();

    std::vector<std::optional<std::string>> m_values;
    std::vector<int> m_lengths;
    std::vector<int> m_formats;
};

} // namespace lockscope
