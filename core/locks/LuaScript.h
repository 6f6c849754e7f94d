#pragma once

#include "redis/RedisConnection.h"

#include <string>
#include <vector>

namespace lockscope {

// A Lua script sent by its SHA1 (EVALSHA) and, when the server does not know it yet (NOSCRIPT,
// after a restart or SCRIPT FLUSH), once in full with EVAL, which also caches it there.
// Stateless after construction: one instance may serve every connection and thread.
class LuaScript
{
public:
    explicit LuaScript(std::string source);

    const std::string& source() const { return m_source; }
    // Lowercase hex SHA1 of the source, as SCRIPT LOAD would answer.
    const std::string& sha1() const { return m_sha1; }

    Result<RedisReply> run(RedisConnection& connection, const std::vector<std::string>& keys,
        const std::vector<std::string>& args) const;

private:
    std::string m_source;
    std::string m_sha1;
};

} // namespace lockscope
