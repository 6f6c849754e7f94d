#include "locks/primitives/CompareAndDelete.h"

#include "locks/primitives/LuaScript.h"

namespace lockscope {

std::optional<RedisCommand> CompareAndDelete::nativeCommand(
    const ServerCapabilities& capabilities, const std::string& key, const std::string& value)
{
    if (capabilities.has(ServerFeature::DelIfEq))
        return RedisCommand {"DELIFEQ", key, value};
    if (capabilities.has(ServerFeature::DelEx))
        return RedisCommand {"DELEX", key, "IFEQ", value};
    return std::nullopt;
}

const LuaScript& CompareAndDelete::script()
{
    // redis-py's and node-redlock's release, byte for byte in effect.
    static const LuaScript script(R"lua(
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
)lua");
    return script;
}

Result<bool> CompareAndDelete::run(
    RedisConnection& connection, const std::string& key, const std::string& value)
{
    auto capabilities = ServerCapabilities::of(connection);
    if (!capabilities)
        return capabilities.error();
    auto native = nativeCommand(*capabilities, key, value);
    auto reply = native ? connection.command(*native) : script().run(connection, {key}, {value});
    if (!reply)
        return reply.error();
    if (!reply->isInteger() || (reply->integer() != 0 && reply->integer() != 1))
        return makeError(ErrorKind::Protocol,
            "unexpected reply to " + (native ? native->front() : std::string("the release script")) + ": "
                + reply->describe());
    return reply->integer() == 1;
}

} // namespace lockscope
