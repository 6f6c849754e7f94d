#pragma once

#include "history/postgres/PostgresValues.h"

#include <string>
#include <string_view>

namespace lockscope {

// Rows for COPY ... FROM STDIN in its text format, built field by field. Bytes go hex-encoded as
// bytea, so no byte of a lock name can end a field or a row.
class PostgresCopyRows : public PostgresValues<PostgresCopyRows>
{
public:
    PostgresCopyRows& bytes(std::string_view value);
    void endRow();

    bool empty() const { return m_rows == 0; }
    long long rows() const { return m_rows; }
    const std::string& data() const { return m_data; }
    void clear();

private:
    friend class PostgresValues<PostgresCopyRows>;
    PostgresCopyRows& put(const std::string& value); // escaped for COPY
    PostgresCopyRows& putNull();
    void separate();

    std::string m_data;
    long long m_rows = 0;
    bool m_rowStarted = false;
};

} // namespace lockscope
