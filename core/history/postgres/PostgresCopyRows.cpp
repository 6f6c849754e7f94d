#include "history/postgres/PostgresCopyRows.h"

namespace lockscope {

void PostgresCopyRows::separate()
{
    if (m_rowStarted)
        m_data += '\t';
    m_rowStarted = true;
}

PostgresCopyRows& PostgresCopyRows::integer(long long value)
{
    separate();
    m_data += std::to_string(value);
    return *this;
}

PostgresCopyRows& PostgresCopyRows::integer(const std::optional<long long>& value)
{
    if (value)
        return integer(*value);
    separate();
    m_data += "\\N";
    return *this;
}

PostgresCopyRows& PostgresCopyRows::bytes(std::string_view value)
{
    static constexpr char digits[] = "0123456789abcdef";
    separate();
    // COPY's text format reads "\\" as one backslash: the field is then bytea's "\x<hex>".
    m_data += "\\\\x";
    for (char c : value) {
        const auto byte = static_cast<unsigned char>(c);
        m_data += digits[byte >> 4];
        m_data += digits[byte & 0xF];
    }
    return *this;
}

PostgresCopyRows& PostgresCopyRows::text(std::string_view value)
{
    separate();
    for (char c : value) {
        switch (c) {
        case '\\':
            m_data += "\\\\";
            break;
        case '\n':
            m_data += "\\n";
            break;
        case '\t':
            m_data += "\\t";
            break;
        case '\r':
            m_data += "\\r";
            break;
        case '\0':
            m_data += '?';
            break;
        default:
            m_data += c;
        }
    }
    return *this;
}

PostgresCopyRows& PostgresCopyRows::boolean(bool value)
{
    separate();
    m_data += value ? 't' : 'f';
    return *this;
}

void PostgresCopyRows::endRow()
{
    m_data += '\n';
    m_rowStarted = false;
    ++m_rows;
}

void PostgresCopyRows::clear()
{
    m_data.clear();
    m_rows = 0;
    m_rowStarted = false;
}

} // namespace lockscope
