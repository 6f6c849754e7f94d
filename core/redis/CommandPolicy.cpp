#include "redis/CommandPolicy.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

namespace lockscope {

namespace {

std::string upper(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
    return out;
}

// Commands that never modify data or server state in a way an operator would mind.
const std::initializer_list<std::string_view> readOnlyCommands = {
    "AUTH",
    "BITCOUNT",
    "BITPOS",
    "DBSIZE",
    "DUMP",
    "ECHO",
    "EVAL_RO",
    "EVALSHA_RO",
    "EXISTS",
    "EXPIRETIME",
    "FCALL_RO",
    "GET",
    "GETBIT",
    "GETRANGE",
    "HELLO",
    "HEXISTS",
    "HGET",
    "HGETALL",
    "HKEYS",
    "HLEN",
    "HMGET",
    "HRANDFIELD",
    "HSCAN",
    "HSTRLEN",
    "HVALS",
    "INFO",
    "KEYS",
    "LASTSAVE",
    "LINDEX",
    "LLEN",
    "LOLWUT",
    "LPOS",
    "LRANGE",
    "MGET",
    "MONITOR", // reads the command stream (the holder identity sample); writes nothing
    "PEXPIRETIME",
    "PING",
    "PSUBSCRIBE",
    "PTTL",
    "PUBSUB",
    "PUNSUBSCRIBE",
    "QUIT",
    "RANDOMKEY",
    "READONLY",
    "READWRITE",
    "RESET",
    "ROLE",
    "SCAN",
    "SCARD",
    "SDIFF",
    "SELECT",
    "SINTER",
    "SINTERCARD",
    "SISMEMBER",
    "SMEMBERS",
    "SMISMEMBER",
    "SRANDMEMBER",
    "SSCAN",
    "SSUBSCRIBE",
    "STRLEN",
    "SUBSCRIBE",
    "SUNION",
    "SUNSUBSCRIBE",
    "TIME",
    "TOUCH",
    "TTL",
    "TYPE",
    "UNSUBSCRIBE",
    "WAIT",
    "XINFO",
    "XLEN",
    "XPENDING",
    "XRANGE",
    "XREAD",
    "XREVRANGE",
    "ZCARD",
    "ZCOUNT",
    "ZDIFF",
    "ZINTER",
    "ZINTERCARD",
    "ZLEXCOUNT",
    "ZMSCORE",
    "ZRANDMEMBER",
    "ZRANGE",
    "ZRANGEBYLEX",
    "ZRANGEBYSCORE",
    "ZRANK",
    "ZREVRANGE",
    "ZREVRANGEBYLEX",
    "ZREVRANGEBYSCORE",
    "ZREVRANK",
    "ZSCAN",
    "ZSCORE",
    "ZUNION",
    "ASKING",
    "MULTI",
    "EXEC",
    "DISCARD",
    "WATCH",
    "UNWATCH",
    "SUBSTR",
    "LCS",
    "STRALGO",
};

// Containers whose read-only subcommands are allowed; any other subcommand is refused.
// (A vector, not an initializer_list: the array behind an initializer_list member of a
// temporary ends with that temporary; clang's UBSan caught the lists dangling.)
struct Subcommands
{
    std::string_view command;
    std::vector<std::string_view> readOnly;
};
const std::array containerCommands = {
    Subcommands {"CLIENT", {"GETNAME", "SETNAME", "ID", "INFO", "LIST", "TRACKINGINFO", "GETREDIR"}},
    Subcommands {"CLUSTER",
        {"SLOTS", "SHARDS", "NODES", "INFO", "KEYSLOT", "MYID", "COUNTKEYSINSLOT", "GETKEYSINSLOT", "LINKS"}},
    Subcommands {"CONFIG", {"GET"}},
    Subcommands {"COMMAND", {"COUNT", "DOCS", "GETKEYS", "GETKEYSANDFLAGS", "INFO", "LIST"}},
    Subcommands {"OBJECT", {"ENCODING", "FREQ", "IDLETIME", "REFCOUNT", "HELP"}},
    Subcommands {"MEMORY", {"USAGE", "STATS", "DOCTOR", "MALLOC-STATS"}},
    Subcommands {"SENTINEL",
        {"GET-MASTER-ADDR-BY-NAME", "MASTER", "MASTERS", "REPLICAS", "SLAVES", "SENTINELS", "MYID",
            "CKQUORUM", "INFO-CACHE"}},
    Subcommands {"ACL", {"WHOAMI", "CAT", "USERS", "LIST", "GETUSER"}},
    Subcommands {"SCRIPT", {"EXISTS"}},
    Subcommands {"FUNCTION", {"LIST", "DUMP", "STATS"}},
    Subcommands {"SLOWLOG", {"GET", "LEN"}},
    Subcommands {"LATENCY", {"LATEST", "HISTORY", "DOCTOR", "GRAPH", "HISTOGRAM"}},
};

} // namespace

bool CommandPolicy::isReadOnly(const RedisCommand& command)
{
    if (command.empty())
        return false;
    const std::string name = upper(command.front());
    for (const auto& container : containerCommands) {
        if (name != container.command)
            continue;
        if (command.size() < 2)
            return false;
        const std::string sub = upper(command[1]);
        return std::find(container.readOnly.begin(), container.readOnly.end(), sub)
            != container.readOnly.end();
    }
    return std::find(readOnlyCommands.begin(), readOnlyCommands.end(), name) != readOnlyCommands.end();
}

std::string CommandPolicy::displayName(const RedisCommand& command)
{
    if (command.empty())
        return "(empty command)";
    std::string name = upper(command.front());
    for (const auto& container : containerCommands) {
        if (name == container.command && command.size() >= 2)
            return name + " " + upper(command[1]);
    }
    return name;
}

} // namespace lockscope
