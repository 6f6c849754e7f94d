#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// One RESP2 reply, owned and binary-safe. Every reply is untrusted input: callers check the
// type before use, and the accessors never throw or read out of range.
class RedisReply
{
public:
    enum class Type
    {
        Nil,
        Status,
        Error,
        Integer,
        String,
        Array
    };

    RedisReply() = default;
    static RedisReply nil() { return RedisReply(); }
    static RedisReply status(std::string text);
    static RedisReply error(std::string text);
    static RedisReply integer(long long value);
    static RedisReply string(std::string bytes);
    static RedisReply array(std::vector<RedisReply> elements);

    Type type() const { return m_type; }
    bool isNil() const { return m_type == Type::Nil; }
    bool isError() const { return m_type == Type::Error; }
    bool isStatus() const { return m_type == Type::Status; }
    bool isInteger() const { return m_type == Type::Integer; }
    bool isString() const { return m_type == Type::String; }
    bool isArray() const { return m_type == Type::Array; }

    // Bytes of a String, Status or Error reply; empty for the others.
    const std::string& text() const { return m_text; }
    long long integer() const { return m_integer; }
    const std::vector<RedisReply>& elements() const { return m_elements; }
    std::vector<RedisReply>& elements() { return m_elements; }
    size_t size() const { return m_elements.size(); }
    // The i-th element, or a Nil reply when out of range or not an array.
    const RedisReply& at(size_t index) const;

    // An integer from an Integer reply or a decimal String reply; nullopt otherwise.
    std::optional<long long> toInteger() const;
    // A bulk String or Status as text; nullopt for any other type.
    std::optional<std::string_view> toStringView() const;

    // Human-readable, escaped rendering for logs and the CLI (never raw control bytes).
    std::string describe(size_t maxBytes = 256) const;

private:
    Type m_type = Type::Nil;
    long long m_integer = 0;
    std::string m_text;
    std::vector<RedisReply> m_elements;
};

} // namespace lockscope
