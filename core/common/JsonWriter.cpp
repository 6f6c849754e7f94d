#include "common/JsonWriter.h"

#include "common/EscapeSequence.h"

#include <charconv>

#include <cmath>
#include <cstdio>

namespace lockscope {

namespace {

// Length of the valid UTF-8 sequence starting at `i`, or 0 if the bytes there are not one.
size_t utf8SequenceLength(std::string_view s, size_t i)
{
    const auto b0 = static_cast<unsigned char>(s[i]);
    size_t length = 0;
    unsigned minimum = 0;
    unsigned codePoint = 0;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
        length = 2;
        minimum = 0x80;
        codePoint = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
        length = 3;
        minimum = 0x800;
        codePoint = b0 & 0x0f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        length = 4;
        minimum = 0x10000;
        codePoint = b0 & 0x07;
    } else {
        return 0;
    }
    if (i + length > s.size())
        return 0;
    for (size_t k = 1; k < length; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xc0) != 0x80)
            return 0;
        codePoint = (codePoint << 6) | (b & 0x3f);
    }
    if (codePoint < minimum || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff))
        return 0;
    return length;
}

void appendEscape(std::string& out, unsigned value)
{
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\u%04x", value);
    out += buffer;
}

} // namespace

std::string JsonWriter::quote(std::string_view bytes)
{
    std::string out = "\"";
    for (size_t i = 0; i < bytes.size();) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c < 0x80) {
            if (const auto escape = EscapeSequence::shortFor(c); !escape.empty())
                out += escape;
            else if (c < 0x20 || c == 0x7f)
                appendEscape(out, c);
            else
                out += static_cast<char>(c);
            ++i;
            continue;
        }
        const size_t length = utf8SequenceLength(bytes, i);
        if (length == 0) {
            appendEscape(out, c);
            ++i;
            continue;
        }
        out.append(bytes.substr(i, length));
        i += length;
    }
    out += '"';
    return out;
}

void JsonWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_hasElement.empty()) {
        if (m_hasElement.back())
            m_out += ',';
        m_hasElement.back() = true;
    }
}

JsonWriter& JsonWriter::beginObject()
{
    beforeValue();
    m_out += '{';
    m_hasElement.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::endObject()
{
    m_out += '}';
    m_hasElement.pop_back();
    return *this;
}

JsonWriter& JsonWriter::beginArray()
{
    beforeValue();
    m_out += '[';
    m_hasElement.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::endArray()
{
    m_out += ']';
    m_hasElement.pop_back();
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name)
{
    beforeValue();
    m_out += quote(name);
    m_out += ':';
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::string(std::string_view bytes)
{
    beforeValue();
    m_out += quote(bytes);
    return *this;
}

JsonWriter& JsonWriter::number(long long value)
{
    beforeValue();
    m_out += std::to_string(value);
    return *this;
}

JsonWriter& JsonWriter::number(double value)
{
    beforeValue();
    if (!std::isfinite(value)) {
        m_out += "null"; // JSON has no NaN or infinity
        return *this;
    }
    // The shortest text that reads back as the same double: exact, and short for round values.
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    m_out.append(buffer, ec == std::errc() ? end : buffer);
    return *this;
}

JsonWriter& JsonWriter::boolean(bool value)
{
    beforeValue();
    m_out += value ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null()
{
    beforeValue();
    m_out += "null";
    return *this;
}

JsonWriter& JsonWriter::optionalNumber(const std::optional<long long>& value)
{
    return value ? number(*value) : null();
}

} // namespace lockscope
