#include "redis/ServerCapabilities.h"

#include "common/EnumNames.h"
#include "redis/RedisConnection.h"

#include <array>
#include <map>
#include <mutex>
#include <tuple>

namespace lockscope {

namespace {

struct FeatureCommand
{
    ServerFeature feature;
    const char* command; // the command whose presence COMMAND INFO tells
};

// One command stands for each feature: its siblings came in the same release.
constexpr std::array featureCommands {
    FeatureCommand {ServerFeature::ListMove, "BLMOVE"},
    FeatureCommand {ServerFeature::PopPush, "BRPOPLPUSH"},
    FeatureCommand {ServerFeature::DelIfEq, "DELIFEQ"},
    FeatureCommand {ServerFeature::DelEx, "DELEX"},
    FeatureCommand {ServerFeature::ShardedPubSub, "SPUBLISH"},
    FeatureCommand {ServerFeature::HashFieldTtl, "HEXPIRE"},
    FeatureCommand {ServerFeature::Acl, "ACL"},
};

// COMMAND INFO replies one entry per name asked, nil for a command the server does not know;
// a known one is an array whose first element is its (lower-case) name.
bool describesCommand(const RedisReply& entry, std::string_view command)
{
    if (!entry.isArray() || entry.size() == 0)
        return false;
    const auto name = entry.at(0).toStringView();
    if (!name || name->size() != command.size())
        return false;
    for (size_t i = 0; i < command.size(); ++i) {
        const char c = (*name)[i];
        if ((c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c) != command[i])
            return false;
    }
    return true;
}

// One connection as it is now: the same object at the same endpoint, not reconnected since.
using ConnectionState = std::tuple<const RedisConnection*, std::string, int>;

// Entries of connections gone meanwhile are never asked for again; past this many the cache
// starts over rather than grow.
constexpr size_t cacheLimit = 256;

} // namespace

Result<ServerCapabilities> ServerCapabilities::of(RedisConnection& connection)
{
    static std::mutex mutex;
    static std::map<ConnectionState, ServerCapabilities> cache;
    // COMMAND INFO may itself reconnect: the state is taken after a connection exists.
    if (auto connected = connection.ensureConnected(); !connected)
        return connected.error();
    ConnectionState state {&connection, connection.endpoint(), connection.reconnectCount()};
    {
        std::lock_guard lock(mutex);
        if (auto found = cache.find(state); found != cache.end())
            return found->second;
    }
    auto detected = detect(connection);
    if (!detected)
        return detected.error();
    state = {&connection, connection.endpoint(), connection.reconnectCount()};
    std::lock_guard lock(mutex);
    if (cache.size() >= cacheLimit)
        cache.clear();
    cache[state] = *detected;
    return detected;
}

std::string_view serverFeatureName(ServerFeature feature)
{
    static constexpr std::array<std::string_view, 8> names {"LMOVE/BLMOVE", "RPOPLPUSH/BRPOPLPUSH", "DELIFEQ",
        "DELEX", "sharded pub/sub (SPUBLISH)", "hash-field TTLs (HEXPIRE)", "ACL", "CLIENT LIST TYPE"};
    return enumName<ServerFeature::ClientListType>(feature, names, "unknown");
}

ServerCapabilities ServerCapabilities::assumeAll()
{
    ServerCapabilities capabilities;
    capabilities.m_present.set();
    return capabilities;
}

Result<ServerCapabilities> ServerCapabilities::detect(RedisConnection& connection)
{
    RedisCommand ask {"COMMAND", "INFO"};
    for (const auto& entry : featureCommands)
        ask.emplace_back(entry.command);
    auto reply = connection.command(ask);
    if (!reply) {
        if (reply.error().kind == ErrorKind::ServerError || reply.error().kind == ErrorKind::NoPermission)
            return assumeAll();
        return reply.error();
    }
    if (!reply->isArray() || reply->size() != featureCommands.size())
        return makeError(ErrorKind::Protocol, "unexpected reply to COMMAND INFO: " + reply->describe());
    ServerCapabilities capabilities;
    capabilities.m_detected = true;
    for (size_t i = 0; i < featureCommands.size(); ++i) {
        if (describesCommand(reply->at(i), featureCommands[i].command))
            capabilities.m_present.set(static_cast<size_t>(featureCommands[i].feature));
    }
    // A subcommand's option is not in COMMAND INFO everywhere: try it (normal clients only, so the
    // reply stays small). A refusal by ACL leaves the question open: count it as present.
    auto listed = connection.command({"CLIENT", "LIST", "TYPE", "pubsub"});
    if (listed || listed.error().kind == ErrorKind::NoPermission)
        capabilities.m_present.set(static_cast<size_t>(ServerFeature::ClientListType));
    else if (listed.error().kind != ErrorKind::ServerError)
        return listed.error(); // the connection failed: no answer either way
    return capabilities;
}

RedisError ServerCapabilities::missing(ServerFeature feature, std::string_view what)
{
    return makeError(ErrorKind::NotFound,
        std::string(what) + " needs " + std::string(serverFeatureName(feature))
            + ", which this server does not offer");
}

std::string ServerCapabilities::describe() const
{
    std::string names;
    for (int i = 0; i < serverFeatureCount; ++i) {
        if (!m_present.test(static_cast<size_t>(i)))
            continue;
        if (!names.empty())
            names += ", ";
        names += serverFeatureName(static_cast<ServerFeature>(i));
    }
    return names;
}

} // namespace lockscope
