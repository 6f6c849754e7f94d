#pragma once

#include "redis/RedisConnection.h"

#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// A Lua script and the ways to send it. run() sends it by its SHA1 (EVALSHA) and, when the
// server does not know it yet (NOSCRIPT, after a restart or SCRIPT FLUSH), once in full with
// EVAL, which also caches it there: the hot paths of the locks, where the server then neither
// receives nor hashes the body on every call. evalCommand() is the full EVAL, for commands that
// cannot retry a NOSCRIPT: inside a pipeline, or stored to be sent later (the watchdog's
// renewals); eval() the same for a script text built at run time.
// Stateless after construction: one instance may serve every connection and thread.
class LuaScript
{
public:
    explicit LuaScript(std::string source);

    const std::string& source() const { return m_source; }
    // Lowercase hex SHA1 of the source, as SCRIPT LOAD would answer.
    const std::string& sha1() const { return m_sha1; }

    // Taken by value: the hot paths pass fresh lists, moved into the command instead of copied.
    Result<RedisReply> run(
        RedisConnection& connection, std::vector<std::string> keys, std::vector<std::string> args) const;
    // For a call made again and again: the EVALSHA command built once, its arguments then
    // changed in place (prepared[3 + keys + i] is argument i), and run like run() does.
    RedisCommand prepare(std::vector<std::string> keys, std::vector<std::string> args) const;
    Result<RedisReply> runPrepared(RedisConnection& connection, const RedisCommand& prepared) const;
    RedisCommand evalCommand(const std::vector<std::string>& keys, const std::vector<std::string>& args) const
    {
        return eval(m_source, keys, args);
    }

    // True for the error a server gives an EVALSHA of a script it does not know (after a
    // restart or SCRIPT FLUSH): the caller then sends the whole script.
    static bool isNoScript(std::string_view errorText) { return errorText.rfind("NOSCRIPT", 0) == 0; }

    // EVAL <source> <numkeys> <keys...> <args...>
    static RedisCommand eval(
        std::string_view source, const std::vector<std::string>& keys, const std::vector<std::string>& args);

private:
    std::string m_source;
    std::string m_sha1;
};

} // namespace lockscope
