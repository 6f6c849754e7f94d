#pragma once

#include "redis/ConnectionOptions.h"
#include "redis/RedisReply.h"

#include <string_view>

namespace lockscope {

// Reads the replies that make up nearly every round trip of a lock (+OK, :1, -ERR, $-1, a
// short bulk string, and flat arrays of those such as EXEC's) straight from the received bytes,
// without hiredis's task stack, its copy of the bytes and its heap objects. Anything else
// (nested or long arrays, malformed or unusual input) is left to hiredis, which keeps the final
// word on what is valid: this only ever accepts input hiredis would accept the same way, and
// charges the same elements and bytes against the ReplyLimits.
class SimpleReplyScanner
{
public:
    enum class Outcome
    {
        Reply, // `reply` is complete and took `consumed` bytes
        NeedMore, // a simple reply has started but its end has not arrived
        NotSimple, // hand these bytes to hiredis
        TooLarge, // a bulk string or line longer than the limit: fail before buffering it
    };
    struct Scan
    {
        Outcome outcome = Outcome::NotSimple;
        RedisReply reply;
        size_t consumed = 0;
    };

    // Longer arrays go to hiredis: a lock's replies have a handful of elements, and an array
    // still arriving is scanned again from its start each time more bytes come.
    static constexpr size_t flatArrayMostElements = 16;

    static Scan scan(std::string_view bytes, const ReplyLimits& limits);

    // Raw bytes (framing included) an incomplete reply may take before it is refused. Framing
    // is not charged against maxReplyBytes, so a reply within the limits can take more raw
    // bytes than that, but never twice as many: every element is charged a RedisReply's size,
    // far more than its few bytes of framing. Both reading paths (this scanner, hiredis in
    // ReplyReader) refuse at the same point, so where a reply is cut never decides its fate.
    static size_t mostBufferedBytes(const ReplyLimits& limits) { return 2 * limits.maxReplyBytes + 64; }
};

} // namespace lockscope
