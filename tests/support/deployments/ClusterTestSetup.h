#pragma once

#include "redis/ClusterSlots.h"
#include "redis/RedisConnection.h"
#include "sandbox/RedisServerProcess.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lockscope::test {

// CLUSTER ADDSLOTS first..last, each slot spelled out: ADDSLOTSRANGE is Redis 7.0+, ADDSLOTS
// every server has.
RedisCommand addSlotsCommand(size_t first, size_t last);

// A real Redis Cluster of N masters (no replicas) on free loopback ports, formed the way an
// operator would without redis-cli: CLUSTER MEET, CLUSTER ADDSLOTS, then waiting until
// every node says cluster_state:ok and all agree on the slot table. Each node's cluster bus
// gets its own free port (--cluster-port), because the default, port+10000, may be out of
// range or taken; servers without that option (Redis 6) get a port whose port+10000 is free.
//
// Slots migrate with the real protocol (CLUSTER SETSLOT IMPORTING/MIGRATING, MIGRATE ... KEYS,
// CLUSTER SETSLOT NODE on every node), completely or stopped halfway to produce ASK redirects.
class ClusterTestSetup
{
public:
    static Result<std::unique_ptr<ClusterTestSetup>> start(size_t masterCount = 3);
    ~ClusterTestSetup();
    ClusterTestSetup(const ClusterTestSetup&) = delete;
    ClusterTestSetup& operator=(const ClusterTestSetup&) = delete;

    size_t size() const { return m_servers.size(); }
    HostPort node(size_t index) const;
    const std::string& nodeId(size_t index) const { return m_ids[index]; }
    int busPort(size_t index) const { return m_busPorts[index]; }
    RedisServerProcess& server(size_t index) { return *m_servers[index]; }
    // A plain connection to one node: it follows no redirects, so tests see each node's truth.
    RedisConnection& direct(size_t index) { return *m_connections[index]; }
    // Options for a client seeded with node 0, with test-friendly timeouts.
    ConnectionOptions seedOptions(ConnectionOptions base = {}) const;

    // The node that owns `slot` (as node 0 sees it), or NotFound.
    Result<size_t> ownerOf(uint16_t slot);
    // How many slots node `index` owns (as node 0 sees it).
    Result<int> slotCountOf(size_t index);
    // The index of the node listening on `node`'s port, or nullopt.
    std::optional<size_t> indexOf(const HostPort& node) const;

    // Moves `slot` with all its keys to node `to`.
    Status migrateSlot(uint16_t slot, size_t to);
    // Starts moving `slot` to node `to` and stops halfway: the slot is MIGRATING on its owner and
    // IMPORTING on `to`, and only `keysToMove` of its keys have moved.
    Status beginSlotMigration(uint16_t slot, size_t to, size_t keysToMove);
    // Completes the migration begun last.
    Status finishSlotMigration();
    bool migrationInProgress() const { return m_migration.has_value(); }

    // Adds a replica of master `masterIndex` (its index is the new size() - 1) and waits until it
    // has synchronised, so that it can win a failover.
    Status addReplica(size_t masterIndex);
    // Waits until node `index` reports the master role (after a failover).
    Status waitUntilMaster(size_t index, std::chrono::milliseconds timeout = std::chrono::seconds(30));

    // Waits until every node says cluster_state:ok and all report the same slot table.
    Status waitUntilConsistent(std::chrono::milliseconds timeout = std::chrono::seconds(30));

private:
    ClusterTestSetup() = default;
    Status startNode();
    Status meet(size_t index);
    Status form();
    Status moveKeys(uint16_t slot, size_t from, size_t to, size_t limit);
    // CLUSTER SLOTS as node `index` answers it, parsed.
    Result<std::vector<SlotRange>> slotRangesOf(size_t index);
    Result<std::string> slotTableOf(size_t index);

    struct Migration
    {
        uint16_t slot;
        size_t from;
        size_t to;
    };

    std::vector<std::unique_ptr<RedisServerProcess>> m_servers;
    std::vector<std::unique_ptr<RedisConnection>> m_connections;
    std::vector<std::string> m_ids;
    std::vector<int> m_busPorts;
    std::optional<Migration> m_migration;
};

} // namespace lockscope::test
