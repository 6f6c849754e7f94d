#include "history/postgres/PostgresCopyRows.h"

namespace lockscope {

void PostgresCopyRows::separate()
{
    if (m_rowStarted)
        m_data += '\t';
    m_rowStarted = true;
}

PostgresCopyRows& PostgresCopyRows::putNull()
{
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

PostgresCopyRows& PostgresCopyRows::put(const std::string& value)
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
        default:
            m_data += c;
        }
    }
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
