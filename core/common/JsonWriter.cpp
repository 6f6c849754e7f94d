#include "common/JsonWriter.h"

#include "common/EscapeSequence.h"
#include "common/Utf8.h"

#include <charconv>

#include <cmath>
#include <cstdio>

namespace lockscope {

namespace {

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
        const size_t length = Utf8::sequenceLength(bytes, i);
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

bool JsonWriter::isUtf8(std::string_view bytes)
{
    return Utf8::isValid(bytes);
}

std::string JsonWriter::base64(std::string_view bytes)
{
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const size_t left = bytes.size() - i;
        unsigned group = static_cast<unsigned char>(bytes[i]) << 16;
        if (left > 1)
            group |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        if (left > 2)
            group |= static_cast<unsigned char>(bytes[i + 2]);
        out += alphabet[(group >> 18) & 63];
        out += alphabet[(group >> 12) & 63];
        out += left > 1 ? alphabet[(group >> 6) & 63] : '=';
        out += left > 2 ? alphabet[group & 63] : '=';
    }
    return out;
}

JsonWriter& JsonWriter::bytesField(std::string_view name, std::string_view bytes)
{
    if (isUtf8(bytes))
        return key(name).string(bytes);
    return key(std::string(name) + "_base64").string(base64(bytes));
}

JsonWriter& JsonWriter::bytesListField(std::string_view name, const std::vector<std::string>& list)
{
    bool text = true;
    for (const auto& bytes : list)
        text = text && isUtf8(bytes);
    key(text ? std::string(name) : std::string(name) + "_base64").beginArray();
    for (const auto& bytes : list)
        string(text ? bytes : base64(bytes));
    return endArray();
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
