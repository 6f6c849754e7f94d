#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

// Rows for COPY ... FROM STDIN in its text format, built field by field. Bytes go hex-encoded as
// bytea, so no byte of a lock name can end a field or a row.
class PostgresCopyRows
{
public:
    PostgresCopyRows& integer(long long value);
    PostgresCopyRows& integer(const std::optional<long long>& value); // nullopt: NULL
    PostgresCopyRows& bytes(std::string_view value);
    PostgresCopyRows& text(std::string_view value); // our own words (kinds, modes): escaped
    PostgresCopyRows& boolean(bool value);
    void endRow();

    bool empty() const { return m_rows == 0; }
    long long rows() const { return m_rows; }
    const std::string& data() const { return m_data; }
    void clear();

private:
    void separate();

    std::string m_data;
    long long m_rows = 0;
    bool m_rowStarted = false;
};

} // namespace lockscope
