#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

using RedisCommand = std::vector<std::string>;

// Decides whether a command may run on a read-only connection. It is an allow-list: a command
// we do not know is treated as one that writes, so a new Redis command can never slip through.
class CommandPolicy
{
public:
    static bool isReadOnly(const RedisCommand& command);
    // The command name upper-cased, e.g. "CLIENT SETNAME" for subcommand containers.
    static std::string displayName(const RedisCommand& command);
};

} // namespace lockscope
