#include "redis/RedisReply.h"

#include "common/EscapeBytes.h"

#include <charconv>

namespace lockscope {

// A status and an error carry their text as a bulk string does.
RedisReply RedisReply::status(std::string text)
{
    RedisReply reply = string(std::move(text));
    reply.m_type = Type::Status;
    return reply;
}

RedisReply RedisReply::error(std::string text)
{
    RedisReply reply = string(std::move(text));
    reply.m_type = Type::Error;
    return reply;
}

RedisReply RedisReply::integer(long long value)
{
    RedisReply reply;
    reply.m_type = Type::Integer;
    reply.m_integer = value;
    return reply;
}

RedisReply RedisReply::string(std::string bytes)
{
    RedisReply reply;
    reply.m_type = Type::String;
    reply.m_text = std::move(bytes);
    return reply;
}

RedisReply RedisReply::array(std::vector<RedisReply> elements)
{
    RedisReply reply;
    reply.m_type = Type::Array;
    reply.m_elements = std::move(elements);
    return reply;
}

const RedisReply& RedisReply::at(size_t index) const
{
    static const RedisReply nilReply;
    if (m_type != Type::Array || index >= m_elements.size())
        return nilReply;
    return m_elements[index];
}

std::optional<long long> RedisReply::toInteger() const
{
    if (m_type == Type::Integer)
        return m_integer;
    if (m_type != Type::String || m_text.empty() || m_text.size() > 20)
        return std::nullopt;
    long long value = 0;
    const char* begin = m_text.data();
    const char* end = begin + m_text.size();
    auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

std::optional<std::string_view> RedisReply::toStringView() const
{
    if (m_type == Type::String || m_type == Type::Status)
        return std::string_view(m_text);
    return std::nullopt;
}

std::string RedisReply::describe(size_t maxBytes) const
{
    switch (m_type) {
    case Type::Nil:
        return "(nil)";
    case Type::Status:
        return escapeBytes(m_text, maxBytes);
    case Type::Error:
        return "(error) " + escapeBytes(m_text, maxBytes);
    case Type::Integer:
        return "(integer) " + std::to_string(m_integer);
    case Type::String:
        return "\"" + escapeBytes(m_text, maxBytes) + "\"";
    case Type::Array: {
        std::string out = "[";
        for (size_t i = 0; i < m_elements.size(); ++i) {
            if (i > 0)
                out += ", ";
            if (out.size() > maxBytes) {
                out += "...";
                break;
            }
            out += m_elements[i].describe(maxBytes);
        }
        return out + "]";
    }
    }
    return {};
}

} // namespace lockscope
