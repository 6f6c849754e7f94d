#pragma once

#include "redis/RedisConnection.h"
#include "redis/ServerCapabilities.h"

#include <optional>
#include <string>

namespace lockscope {

// Deletes a plain string key only while it holds exactly `value`, in one atomic step: the
// release of every token lock. Servers that have it do this themselves, with no script to
// load or run: DELIFEQ key value (Valkey 9+) or DELEX key IFEQ value (Redis 8.4+), found
// through COMMAND INFO. Elsewhere the classic GET-compare-DEL script does the same.
class CompareAndDelete
{
public:
    // The server's own command for it, or nullopt when only the script can do it there.
    static std::optional<RedisCommand> nativeCommand(
        const ServerCapabilities& capabilities, const std::string& key, const std::string& value);
    // The script, for servers without a native command.
    static const class LuaScript& script();

    // True when it deleted the key; false when the key was gone or held something else.
    static Result<bool> run(RedisConnection& connection, const std::string& key, const std::string& value);
};

} // namespace lockscope
