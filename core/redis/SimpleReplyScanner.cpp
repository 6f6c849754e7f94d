#include "redis/SimpleReplyScanner.h"

#include <charconv>
#include <cstring>

namespace lockscope {

namespace {

// Where the first CRLF starts, or npos.
size_t lineEnd(std::string_view bytes, size_t from)
{
    for (size_t at = from; at + 1 < bytes.size(); ++at) {
        const void* cr = std::memchr(bytes.data() + at, '\r', bytes.size() - at - 1);
        if (!cr)
            return std::string_view::npos;
        at = static_cast<size_t>(static_cast<const char*>(cr) - bytes.data());
        if (bytes[at + 1] == '\n')
            return at;
    }
    return std::string_view::npos;
}

// A whole line of digits with an optional minus: what RESP calls an integer.
bool parseInteger(std::string_view text, long long& value)
{
    if (text.empty() || text.size() > 20 || text == "-")
        return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

} // namespace

SimpleReplyScanner::Scan SimpleReplyScanner::scan(std::string_view bytes, const ReplyLimits& limits)
{
    Scan result;
    if (bytes.empty()) {
        result.outcome = Outcome::NeedMore;
        return result;
    }
    const char type = bytes[0];
    if (type != '+' && type != '-' && type != ':' && type != '$')
        return result; // arrays and anything unknown: hiredis's
    const size_t end = lineEnd(bytes, 1);
    if (end == std::string_view::npos) {
        result.outcome = bytes.size() > limits.maxReplyBytes ? Outcome::TooLarge : Outcome::NeedMore;
        return result;
    }
    const std::string_view line = bytes.substr(1, end - 1);
    const size_t afterLine = end + 2;
    if (line.size() > limits.maxReplyBytes) {
        result.outcome = Outcome::TooLarge;
        return result;
    }
    switch (type) {
    case '+':
        result.reply = RedisReply::status(std::string(line));
        break;
    case '-':
        result.reply = RedisReply::error(std::string(line));
        break;
    case ':': {
        long long value = 0;
        if (!parseInteger(line, value))
            return result;
        result.reply = RedisReply::integer(value);
        break;
    }
    default: { // '$'
        long long length = 0;
        if (!parseInteger(line, length) || length < -1)
            return result;
        if (length == -1) {
            result.reply = RedisReply::nil();
            break;
        }
        if (static_cast<unsigned long long>(length) > limits.maxReplyBytes) {
            result.outcome = Outcome::TooLarge;
            return result;
        }
        const size_t size = static_cast<size_t>(length);
        if (bytes.size() < afterLine + size + 2) {
            result.outcome = Outcome::NeedMore;
            return result;
        }
        if (bytes[afterLine + size] != '\r' || bytes[afterLine + size + 1] != '\n')
            return result; // not terminated as it should be: let hiredis judge
        result.reply = RedisReply::string(std::string(bytes.substr(afterLine, size)));
        result.outcome = Outcome::Reply;
        result.consumed = afterLine + size + 2;
        return result;
    }
    }
    result.outcome = Outcome::Reply;
    result.consumed = afterLine;
    return result;
}

} // namespace lockscope
