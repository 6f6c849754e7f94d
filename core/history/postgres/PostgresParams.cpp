#include "history/postgres/PostgresParams.h"

namespace lockscope {

PostgresParams& PostgresParams::put(std::string value)
{
    m_lengths.push_back(static_cast<int>(value.size()));
    m_values.emplace_back(std::move(value));
    m_formats.push_back(0);
    return *this;
}

PostgresParams& PostgresParams::bytes(std::string_view value)
{
    m_values.emplace_back(std::string(value));
    m_lengths.push_back(static_cast<int>(value.size()));
    m_formats.push_back(1);
    return *this;
}

PostgresParams& PostgresParams::value(const HistoryValue& value)
{
    if (const auto* number = std::get_if<long long>(&value))
        return integer(*number);
    if (const auto* text = std::get_if<std::string>(&value))
        return bytes(*text);
    return putNull();
}

PostgresParams& PostgresParams::putNull()
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
