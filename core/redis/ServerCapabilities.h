#pragma once

#include "common/Result.h"

#include <bitset>
#include <string>
#include <string_view>

namespace lockscope {

class RedisConnection;

// A server feature LockScope uses where the server has it. Which ones a server has is asked of
// the server itself (COMMAND INFO, a harmless trial), never read off its version number: forks
// (Valkey reports itself as Redis 7.2.4) and backports make version numbers lie.
enum class ServerFeature
{
    ListMove, // LMOVE/BLMOVE (Redis 6.2+); the semaphore falls back to RPOPLPUSH/BRPOPLPUSH
    PopPush, // RPOPLPUSH/BRPOPLPUSH (every supported server; deprecated, may go one day)
    DelIfEq, // DELIFEQ key value: server-side compare-and-delete (Valkey 9+)
    DelEx, // DELEX key IFEQ value: server-side compare-and-delete (Redis 8.4+)
    ShardedPubSub, // SPUBLISH/SSUBSCRIBE (Redis 7.0+)
    HashFieldTtl, // HEXPIRE and friends (Redis 7.4+, Valkey 9+)
    Acl, // ACL users and rules (Redis 6.0+)
    ClientListType, // CLIENT LIST TYPE <type>
};

constexpr int serverFeatureCount = 8;

// What the server needs to offer for `feature`, in words a user can act on ("LMOVE/BLMOVE").
std::string_view serverFeatureName(ServerFeature feature);

// The features one server has.
class ServerCapabilities
{
public:
    // The features of the server behind `connection`: detected on the first call, then kept for
    // that connection until it reconnects (a failover or a restart may lead to another server).
    // Thread-safe; a connection is still used by one thread at a time.
    static Result<ServerCapabilities> of(RedisConnection& connection);

    // Asks COMMAND INFO about the commands behind every feature, and tries CLIENT LIST TYPE.
    // When COMMAND itself is refused (renamed, ACL), every feature counts as present: the
    // command that needs it then fails with the server's own words, as before this check.
    static Result<ServerCapabilities> detect(RedisConnection& connection);

    // Every feature present (what a server that cannot be asked is taken to have).
    static ServerCapabilities assumeAll();

    bool has(ServerFeature feature) const { return m_present.test(static_cast<size_t>(feature)); }
    // False when COMMAND INFO was refused and has() is a guess.
    bool detected() const { return m_detected; }

    // The error for a command this server lacks, naming the feature needed and `what` (the
    // LockScope operation) that needs it. Its kind is NotFound, which the CLI turns into exit 69
    // (EX_UNAVAILABLE: the service cannot do this), not a failure of LockScope's own.
    static RedisError missing(ServerFeature feature, std::string_view what);

    // The present features' names, comma-separated (for tools and test output).
    std::string describe() const;

private:
    std::bitset<serverFeatureCount> m_present;
    bool m_detected = false;
};

} // namespace lockscope
