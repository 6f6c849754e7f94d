#include "history/postgres/PostgresParams.h"

namespace lockscope {

namespace {

// `text` with every byte that is not part of valid UTF-8 (and every NUL) replaced by '?'.
std::string validText(std::string_view text)
{
    std::string valid;
    valid.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        size_t length = lead < 0x80 ? 1
            : (lead >> 5) == 0x6    ? 2
            : (lead >> 4) == 0xE    ? 3
            : (lead >> 3) == 0x1E   ? 4
                                    : 0;
        bool ok = length > 0 && lead != 0 && i + length <= text.size();
        for (size_t k = 1; ok && k < length; ++k)
            ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
        if (!ok) {
            valid += '?';
            ++i;
            continue;
        }
        valid.append(text.substr(i, length));
        i += length;
    }
    return valid;
}

} // namespace

PostgresParams& PostgresParams::integer(long long value)
{
    std::string text = std::to_string(value);
    m_lengths.push_back(static_cast<int>(text.size()));
    m_values.emplace_back(std::move(text));
    m_formats.push_back(0);
    return *this;
}

PostgresParams& PostgresParams::integer(const std::optional<long long>& value)
{
    return value ? integer(*value) : null();
}

PostgresParams& PostgresParams::bytes(std::string_view value)
{
    m_values.emplace_back(std::string(value));
    m_lengths.push_back(static_cast<int>(value.size()));
    m_formats.push_back(1);
    return *this;
}

PostgresParams& PostgresParams::text(std::string_view value)
{
    std::string valid = validText(value);
    m_lengths.push_back(static_cast<int>(valid.size()));
    m_values.emplace_back(std::move(valid));
    m_formats.push_back(0);
    return *this;
}

PostgresParams& PostgresParams::null()
{
    m_values.emplace_back(std::nullopt);
    m_lengths.push_back(0);
    m_formats.push_back(0);
    return *this;
}

std::vector<const char*> PostgresParams::values() const
{
    std::vector<const char*> values;
    values.reserve(m_values.size());
    for (const auto& value : m_values)
        values.push_back(value ? value->data() : nullptr);
    return values;
}

} // namespace lockscope
