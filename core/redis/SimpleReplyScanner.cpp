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

// A whole line of digits with an optional minus: what RESP calls an integer. Spelled as hiredis
// accepts it (its string2ll): no leading zero but "0" itself, so no "-0" either (found by
// fuzz_ReplyReader: "*-0" was an empty array here and a protocol error for hiredis).
bool parseInteger(std::string_view text, long long& value)
{
    if (text.empty() || text.size() > 20 || text == "-")
        return false;
    const std::string_view digits = text[0] == '-' ? text.substr(1) : text;
    if (digits[0] == '0' && text != "0")
        return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

using Scan = SimpleReplyScanner::Scan;
using Outcome = SimpleReplyScanner::Outcome;

// A line (after its type byte) can have at most this many bytes when it is an integer or a
// length: a sign and 19 digits. Longer, it can never be valid: hiredis shall judge it.
constexpr size_t longestNumberLine = 20;

Scan outcome(Outcome value)
{
    Scan result;
    result.outcome = value;
    return result;
}

// A reply whose end has not arrived: refused only past mostBufferedBytes, as the
// hiredis path refuses it. Framing and digits are not charged against the byte limit, so a reply
// that will fit must not be refused for arriving in pieces (found by fuzz_ReplyReader: ":1",
// then "\r\n", with a 1-byte limit).
Scan needMore(std::string_view bytes, const ReplyLimits& limits)
{
    const bool tooLarge = bytes.size() > SimpleReplyScanner::mostBufferedBytes(limits);
    return outcome(tooLarge ? Outcome::TooLarge : Outcome::NeedMore);
}

// A line whose CRLF has not arrived yet. A number or length longer than any valid one is left
// to hiredis, which will refuse it.
Scan needMoreOfLine(std::string_view bytes, const ReplyLimits& limits)
{
    const char type = bytes[0];
    std::string_view line = bytes.substr(1);
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    if ((type == ':' || type == '$') && line.size() > longestNumberLine)
        return outcome(Outcome::NotSimple);
    return needMore(bytes, limits);
}

// One reply that is not an array. `textBytes` grows by the bytes of its text, as the hiredis
// path charges them against the reply's byte limit.
Scan scanScalar(std::string_view bytes, const ReplyLimits& limits, size_t& textBytes)
{
    Scan result;
    if (bytes.empty()) {
        result.outcome = Outcome::NeedMore;
        return result;
    }
    const char type = bytes[0];
    if (type != '+' && type != '-' && type != ':' && type != '$')
        return result; // arrays and anything unknown: the caller's or hiredis's
    const size_t end = lineEnd(bytes, 1);
    if (end == std::string_view::npos)
        return needMoreOfLine(bytes, limits);
    const std::string_view line = bytes.substr(1, end - 1);
    const size_t afterLine = end + 2;
    if (line.size() > limits.maxReplyBytes) {
        result.outcome = Outcome::TooLarge;
        return result;
    }
    switch (type) {
    case '+':
        result.reply = RedisReply::status(std::string(line));
        textBytes += line.size();
        break;
    case '-':
        result.reply = RedisReply::error(std::string(line));
        textBytes += line.size();
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
        if (bytes.size() < afterLine + size + 2)
            return needMore(bytes, limits); // its length is within the limit: it will fit
        if (bytes[afterLine + size] != '\r' || bytes[afterLine + size + 1] != '\n')
            return result; // not terminated as it should be: let hiredis judge
        result.reply = RedisReply::string(std::string(bytes.substr(afterLine, size)));
        textBytes += size;
        result.outcome = Outcome::Reply;
        result.consumed = afterLine + size + 2;
        return result;
    }
    }
    result.outcome = Outcome::Reply;
    result.consumed = afterLine;
    return result;
}

// A flat array: every element a scalar. A nested array, or more elements than a lock's
// replies ever have, is hiredis's (which then also enforces the element limit).
Scan scanFlatArray(std::string_view bytes, const ReplyLimits& limits)
{
    Scan result;
    const size_t end = lineEnd(bytes, 1);
    if (end == std::string_view::npos)
        return bytes.size() > 32 ? outcome(Outcome::NotSimple)
                                 : needMore(bytes, limits); // a count is never that long
    long long count = 0;
    if (!parseInteger(bytes.substr(1, end - 1), count) || count < -1
        || count > static_cast<long long>(SimpleReplyScanner::flatArrayMostElements)
        || static_cast<unsigned long long>(count) > limits.maxElements)
        return result;
    size_t at = end + 2;
    if (count == -1) {
        result.reply = RedisReply::nil();
        result.outcome = Outcome::Reply;
        result.consumed = at;
        return result;
    }
    const auto elements = static_cast<size_t>(count);
    size_t chargedBytes = elements * sizeof(RedisReply);
    if (chargedBytes > limits.maxReplyBytes) {
        result.outcome = Outcome::TooLarge;
        return result;
    }
    std::vector<RedisReply> items;
    items.reserve(elements);
    for (size_t i = 0; i < elements; ++i) {
        auto item = scanScalar(bytes.substr(at), limits, chargedBytes);
        if (item.outcome == Outcome::NeedMore)
            return needMore(bytes, limits);
        if (item.outcome != Outcome::Reply)
            return item; // NotSimple (nested, unknown) or TooLarge, as hiredis would find
        if (chargedBytes > limits.maxReplyBytes) {
            result.outcome = Outcome::TooLarge;
            return result;
        }
        items.push_back(std::move(item.reply));
        at += item.consumed;
    }
    result.reply = RedisReply::array(std::move(items));
    result.outcome = Outcome::Reply;
    result.consumed = at;
    return result;
}

} // namespace

SimpleReplyScanner::Scan SimpleReplyScanner::scan(std::string_view bytes, const ReplyLimits& limits)
{
    if (!bytes.empty() && bytes[0] == '*')
        return scanFlatArray(bytes, limits);
    size_t textBytes = 0;
    return scanScalar(bytes, limits, textBytes);
}

} // namespace lockscope
