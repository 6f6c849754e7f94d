#include "SoakResource.h"

#include "locks/primitives/LuaScript.h"

#include <charconv>

namespace lockscope::soak {

namespace {

const LuaScript& writeScript()
{
    // KEYS: the lock's highest fence, its list of accepted fences; ARGV: fence, writer.
    static const LuaScript script(R"lua(
local highest = tonumber(redis.call('GET', KEYS[1]) or '0')
local fence = tonumber(ARGV[1])
if fence ~= nil and fence > highest then
  redis.call('SET', KEYS[1], ARGV[1])
  redis.call('RPUSH', KEYS[2], ARGV[1])
  redis.call('HINCRBY', 'soak:totals', 'accepted', 1)
  return 1
end
redis.call('HINCRBY', 'soak:totals', 'rejected', 1)
return 0
)lua");
    return script;
}

long long number(const RedisReply& reply)
{
    long long value = 0;
    if (auto text = reply.toStringView())
        std::from_chars(text->data(), text->data() + text->size(), value);
    else if (auto integer = reply.toInteger())
        value = *integer;
    return value;
}

} // namespace

Result<bool> SoakResource::write(
    RedisConnection& connection, int lock, long long fence, const std::string& writer)
{
    const std::string l = std::to_string(lock);
    auto reply = writeScript().run(
        connection, {"soak:highest:" + l, "soak:accepted:" + l}, {std::to_string(fence), writer});
    if (!reply)
        return reply.error();
    if (!reply->isInteger())
        return makeError(ErrorKind::Protocol, "the resource answered " + reply->describe());
    return reply->integer() == 1;
}

Status SoakResource::countFault(RedisConnection& connection, const std::string& kind)
{
    auto reply = connection.command({"HINCRBY", "soak:totals", kind, "1"});
    if (!reply)
        return reply.error();
    return Done {};
}

Result<SoakResource::Totals> SoakResource::totals(RedisConnection& connection)
{
    auto reply = connection.command({"HMGET", "soak:totals", "accepted", "rejected", "pauses", "partitions"});
    if (!reply)
        return reply.error();
    if (!reply->isArray() || reply->size() != 4)
        return makeError(ErrorKind::Protocol, "HMGET answered " + reply->describe());
    return Totals {number(reply->at(0)), number(reply->at(1)), number(reply->at(2)), number(reply->at(3))};
}

Result<long long> SoakResource::acceptedOutOfOrder(RedisConnection& connection, int locks)
{
    long long outOfOrder = 0;
    for (int l = 0; l < locks; ++l) {
        const std::string key = "soak:accepted:" + std::to_string(l);
        long long previous = 0;
        // In pages: the lists hold tens of thousands of fences.
        for (long long start = 0;; start += 10000) {
            auto page
                = connection.command({"LRANGE", key, std::to_string(start), std::to_string(start + 9999)});
            if (!page)
                return page.error();
            if (!page->isArray())
                return makeError(ErrorKind::Protocol, "LRANGE answered " + page->describe());
            for (const auto& item : page->elements()) {
                const long long fence = number(item);
                if (fence <= previous)
                    ++outOfOrder;
                previous = fence;
            }
            if (page->size() < 10000)
                break;
        }
    }
    return outOfOrder;
}

} // namespace lockscope::soak
