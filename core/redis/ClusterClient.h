#pragma once

#include "common/Result.h"
#include "redis/ClusterSlots.h"
#include "redis/CommandPolicy.h"
#include "redis/ConnectionOptions.h"
#include "redis/RedisConnection.h"
#include "redis/RedisReply.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string_view>
#include <vector>

namespace lockscope {

// A client for a Redis Cluster: a slot table read from CLUSTER SLOTS, one lazily opened
// RedisConnection per node (same credentials, TLS, read-only flag and client role as the seed
// options), and routing of each command to the master that owns its key's slot.
//
// - MOVED: the slot has a new owner. The table learns it (and is refreshed whole from
//   CLUSTER SLOTS) and the command is repeated there.
// - ASK: the slot is being migrated and this key already lives on the importing node. The
//   command goes there once, preceded by ASKING; the table does not change.
// - TRYAGAIN / CLUSTERDOWN: retried a few times after a short pause, then returned.
// - More than maxRedirects redirects for one command: ErrorKind::Redirect.
// - Keys of one command in different slots: ErrorKind::CrossSlot before anything is sent.
// - Read-only options: a command that can write is refused before any node is contacted.
// - A node that refuses connections: the table is refreshed and, if the slot has a new owner
//   (a failover), the command goes there once; nothing had been sent, so this is safe for writes.
//
// Not thread-safe: use one ClusterClient per thread.
class ClusterClient
{
public:
    static constexpr int maxRedirects = 5;

    struct RedirectCounts
    {
        int moved = 0; // MOVED replies followed
        int ask = 0; // ASK replies followed
        int retries = 0; // TRYAGAIN / CLUSTERDOWN retries
    };

    // Connects to the seed node and reads the slot table from it.
    static Result<std::unique_ptr<ClusterClient>> connect(const ConnectionOptions& seed);
    ~ClusterClient();
    ClusterClient(const ClusterClient&) = delete;
    ClusterClient& operator=(const ClusterClient&) = delete;

    // Sends to the owner of the command's key slot (see CommandKeys); keyless commands go to
    // any master. A server error reply comes back as a RedisError.
    Result<RedisReply> command(const RedisCommand& args);
    // Sends to the owner of `routingKey`'s slot, whatever the command's own arguments are.
    Result<RedisReply> commandForKey(std::string_view routingKey, const RedisCommand& args);
    // A pipeline whose commands all belong to `routingKey`'s slot: N replies in order, error
    // replies kept as replies. Commands answered with a redirect are re-sent to the node named,
    // so commands stay in order on each node but not across a migration in progress. A command
    // still answered TRYAGAIN/CLUSTERDOWN after the retries keeps that reply; more than
    // maxRedirects rounds of MOVED/ASK is ErrorKind::Redirect.
    Result<std::vector<RedisReply>> pipelineForKey(
        std::string_view routingKey, const std::vector<RedisCommand>& commands);

    // The masters that own at least one slot, in slot order: for scanning master by master.
    std::vector<HostPort> masters() const;
    // The master that owns `key`'s slot according to the current table.
    Result<HostPort> nodeForKey(std::string_view key) const;
    Result<HostPort> nodeForSlot(uint16_t slot) const;
    // The connection to one node, opened on first use and kept.
    Result<RedisConnection*> connectionTo(const HostPort& node);
    // Reads CLUSTER SLOTS again (from the first known node that answers).
    Status refreshSlots();

    const ConnectionOptions& options() const { return m_options; }
    const RedirectCounts& redirectCounts() const { return m_redirects; }

private:
    explicit ClusterClient(ConnectionOptions options);
    Status refreshSlotsFrom(const HostPort& node);
    Status applySlots(const std::vector<SlotRange>& ranges, const HostPort& answeredBy);
    int nodeIndex(const HostPort& node);
    Result<HostPort> anyMaster() const;
    Status refuseIfWriting(const RedisCommand& args) const;
    Result<RedisReply> route(std::optional<uint16_t> slot, const RedisCommand& args);
    Result<RedisReply> sendTo(const HostPort& node, const RedisCommand& args, bool asking);
    // Learns a MOVED: the slot now belongs to `owner`.
    void learnMoved(uint16_t slot, const HostPort& owner);

    // A pipelined command still to answer, and where it goes next.
    struct PendingCommand
    {
        size_t index;
        HostPort node;
        bool asking;
        RedisReply lastReply; // the redirect that sent it there
    };
    struct PipelineRound
    {
        uint16_t slot = 0;
        std::vector<PendingCommand> pending;
        bool redirected = false; // some command got MOVED or ASK
        int retrying = 0; // commands that got TRYAGAIN or CLUSTERDOWN
        std::string lastRedirect;
    };
    // Sends commands[members] to one node (each after ASKING if `asking`); final replies go to
    // `results`, redirected commands to `next`.
    Status sendBatch(const HostPort& node, bool asking, const std::vector<size_t>& members,
        const std::vector<RedisCommand>& commands, std::vector<RedisReply>& results, PipelineRound& next);

    static constexpr int16_t unassigned = -1;

    ConnectionOptions m_options;
    HostPort m_seed;
    std::vector<HostPort> m_nodes; // every node the table has named, indexed by m_slots
    std::array<int16_t, clusterSlotCount> m_slots {};
    std::map<std::string, std::unique_ptr<RedisConnection>> m_connections; // by "host:port"
    RedirectCounts m_redirects;
};

} // namespace lockscope
