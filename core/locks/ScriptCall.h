#pragma once

#include "redis/CommandPolicy.h"

#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// EVAL <script> <numkeys> <keys...> <args...>. Always EVAL (the server caches the compiled
// script by its SHA anyway): one command that works on a fresh server, after SCRIPT FLUSH
// and inside a pipeline, with no NOSCRIPT retry path.
inline RedisCommand scriptCall(
    std::string_view script, const std::vector<std::string>& keys, const std::vector<std::string>& args)
{
    RedisCommand command;
    command.reserve(3 + keys.size() + args.size());
    command.push_back("EVAL");
    command.emplace_back(script);
    command.push_back(std::to_string(keys.size()));
    command.insert(command.end(), keys.begin(), keys.end());
    command.insert(command.end(), args.begin(), args.end());
    return command;
}

} // namespace lockscope
