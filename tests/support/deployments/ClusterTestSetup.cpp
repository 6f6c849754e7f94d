#include "support/deployments/ClusterTestSetup.h"

#include "redis/ServerProbe.h"
#include "sandbox/FreePort.h"
#include "support/TestServerTraits.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

namespace lockscope::test {

namespace {

// Where a node's cluster bus listens on servers without the cluster-port option.
constexpr int clusterBusOffset = 10000;

bool isPortFree(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(port));
    const bool bound = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0;
    ::close(fd);
    return bound;
}

ConnectionOptions nodeOptions(int port)
{
    ConnectionOptions options;
    options.host = "127.0.0.1";
    options.port = port;
    options.connectTimeout = std::chrono::milliseconds(2000);
    options.commandTimeout = std::chrono::milliseconds(10000);
    options.clientRole = "test-cluster";
    return options;
}

Status expectOk(const Result<RedisReply>& reply, const std::string& what)
{
    if (!reply)
        return makeError(reply.error().kind, what + ": " + reply.error().message);
    return Done {};
}

} // namespace

RedisCommand addSlotsCommand(size_t first, size_t last)
{
    RedisCommand add {"CLUSTER", "ADDSLOTS"};
    for (size_t slot = first; slot <= last; ++slot)
        add.push_back(std::to_string(slot));
    return add;
}

ClusterTestSetup::~ClusterTestSetup()
{
    m_connections.clear();
    m_servers.clear(); // each stops its redis-server by PID
}

Result<std::unique_ptr<ClusterTestSetup>> ClusterTestSetup::start(size_t masterCount)
{
    if (masterCount == 0)
        return makeError(ErrorKind::Usage, "a cluster needs at least one master");
    std::unique_ptr<ClusterTestSetup> cluster(new ClusterTestSetup());
    for (size_t i = 0; i < masterCount; ++i) {
        auto started = cluster->startNode();
        if (!started)
            return started.error();
    }
    auto formed = cluster->form();
    if (!formed)
        return formed.error();
    return cluster;
}

Status ClusterTestSetup::startNode()
{
    RedisError lastError = makeError(ErrorKind::Internal, "no free ports");
    // Either free port may be taken by someone else before the server binds it: try a few.
    for (int attempt = 0; attempt < 5; ++attempt) {
        const bool ownBusPort = TestServerTraits::ofPathServer().clusterPortOption;
        const int port = pickFreePort();
        int bus = ownBusPort ? pickFreePort() : port + clusterBusOffset;
        for (int tries = 0; ownBusPort && tries < 10 && (bus == port || bus == 0); ++tries)
            bus = pickFreePort();
        if (port == 0 || bus == 0 || bus == port || (!ownBusPort && !isPortFree(bus)))
            continue;
        RedisServerConfig config;
        config.port = port;
        config.unixSocket = false;
        config.extraArgs = {"--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", "2000",
            // A replica's first sync would otherwise wait 5 s for more replicas to join it.
            "--repl-diskless-sync-delay", "0"};
        if (ownBusPort)
            config.extraArgs.insert(config.extraArgs.end(), {"--cluster-port", std::to_string(bus)});
        auto server = RedisServerProcess::start(config);
        if (!server) {
            lastError = server.error();
            continue;
        }
        auto connection = RedisConnection::connect(nodeOptions(port));
        if (!connection)
            return connection.error();
        auto id = (*connection)->command({"CLUSTER", "MYID"});
        if (!id || !id->isString())
            return makeError(ErrorKind::Protocol, "CLUSTER MYID failed on port " + std::to_string(port));
        m_ids.push_back(id->text());
        m_busPorts.push_back(bus);
        m_servers.push_back(std::move(server.value()));
        m_connections.push_back(std::move(connection.value()));
        return Done {};
    }
    return lastError;
}

Status ClusterTestSetup::form()
{
    const size_t count = size();
    for (size_t i = 0; i < count; ++i) {
        // Distinct epochs up front spare the nodes their collision-resolution rounds.
        auto epoch = direct(i).command({"CLUSTER", "SET-CONFIG-EPOCH", std::to_string(i + 1)});
        if (auto ok = expectOk(epoch, "CLUSTER SET-CONFIG-EPOCH"); !ok)
            return ok;
        const size_t first = i * clusterSlotCount / count;
        const size_t last = (i + 1) * clusterSlotCount / count - 1;
        auto added = direct(i).command(addSlotsCommand(first, last));
        if (auto ok = expectOk(added, "CLUSTER ADDSLOTS"); !ok)
            return ok;
    }
    for (size_t i = 1; i < count; ++i) {
        if (auto met = meet(i); !met)
            return met;
    }
    return waitUntilConsistent();
}

Status ClusterTestSetup::meet(size_t index)
{
    // The bus port is given explicitly: it is not the default port+10000.
    auto met = direct(0).command({"CLUSTER", "MEET", "127.0.0.1", std::to_string(node(index).port),
        std::to_string(m_busPorts[index])});
    return expectOk(met, "CLUSTER MEET");
}

Status ClusterTestSetup::addReplica(size_t masterIndex)
{
    if (auto started = startNode(); !started)
        return started;
    const size_t replica = size() - 1;
    if (auto met = meet(replica); !met)
        return met;
    // CLUSTER REPLICATE needs the master to be known to the new node first.
    const auto deadline = Clock::now() + std::chrono::seconds(30);
    for (;;) {
        auto replicated = direct(replica).command({"CLUSTER", "REPLICATE", nodeId(masterIndex)});
        if (replicated)
            break;
        if (Clock::now() >= deadline)
            return makeError(replicated.error().kind, "CLUSTER REPLICATE: " + replicated.error().message);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (;;) {
        auto info = direct(replica).command({"INFO", "replication"});
        if (info && info->isString() && infoField(info->text(), "master_link_status") == "up")
            break;
        if (Clock::now() >= deadline)
            return makeError(ErrorKind::Timeout, "the replica did not synchronise with its master");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return waitUntilConsistent();
}

Status ClusterTestSetup::waitUntilMaster(size_t index, std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
        auto role = direct(index).command({"ROLE"});
        if (role && role->at(0).text() == "master")
            return Done {};
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return makeError(ErrorKind::Timeout, node(index).toString() + " did not become a master");
}

HostPort ClusterTestSetup::node(size_t index) const
{
    return HostPort {"127.0.0.1", m_servers[index]->port()};
}

ConnectionOptions ClusterTestSetup::seedOptions(ConnectionOptions base) const
{
    base.transport = ConnectionOptions::Transport::Tcp;
    base.host = "127.0.0.1";
    base.port = m_servers[0]->port();
    base.connectTimeout = std::chrono::milliseconds(2000);
    base.commandTimeout = std::chrono::milliseconds(10000);
    if (base.clientRole == ConnectionOptions {}.clientRole)
        base.clientRole = "test";
    return base;
}

std::optional<size_t> ClusterTestSetup::indexOf(const HostPort& node) const
{
    for (size_t i = 0; i < size(); ++i) {
        if (m_servers[i]->port() == node.port)
            return i;
    }
    return std::nullopt;
}

Result<std::vector<SlotRange>> ClusterTestSetup::slotRangesOf(size_t index)
{
    auto reply = direct(index).command({"CLUSTER", "SLOTS"});
    if (!reply)
        return reply.error();
    return parseClusterSlots(*reply);
}

// Node `index`'s slot table as text ("first-last:port ..."), for comparing nodes' views.
Result<std::string> ClusterTestSetup::slotTableOf(size_t index)
{
    auto ranges = slotRangesOf(index);
    if (!ranges)
        return ranges.error();
    std::sort(ranges->begin(), ranges->end(),
        [](const SlotRange& a, const SlotRange& b) { return a.first < b.first; });
    std::string table;
    for (const auto& range : *ranges)
        table += std::to_string(range.first) + "-" + std::to_string(range.last) + ":"
            + std::to_string(range.master.port) + " ";
    return table;
}

Status ClusterTestSetup::waitUntilConsistent(std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    std::string why;
    while (Clock::now() < deadline) {
        why.clear();
        std::optional<std::string> agreed;
        for (size_t i = 0; i < size() && why.empty(); ++i) {
            auto info = direct(i).command({"CLUSTER", "INFO"});
            if (!info || !info->isString()) {
                why = "CLUSTER INFO failed on " + node(i).toString();
                break;
            }
            const std::string state = infoField(info->text(), "cluster_state");
            const std::string known = infoField(info->text(), "cluster_known_nodes");
            const std::string assigned = infoField(info->text(), "cluster_slots_assigned");
            if (state != "ok" || known != std::to_string(size())
                || assigned != std::to_string(clusterSlotCount)) {
                why = node(i).toString() + " says state " + state + ", " + known + " nodes, " + assigned
                    + " slots assigned";
                break;
            }
            auto table = slotTableOf(i);
            if (!table) {
                why = table.error().message;
                break;
            }
            if (!agreed)
                agreed = *table;
            else if (*agreed != *table)
                why = "nodes disagree on the slot table: " + *agreed + "vs " + *table;
        }
        if (why.empty())
            return Done {};
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return makeError(ErrorKind::Timeout, "the cluster did not settle: " + why);
}

Result<size_t> ClusterTestSetup::ownerOf(uint16_t slot)
{
    auto ranges = slotRangesOf(0);
    if (!ranges)
        return ranges.error();
    for (const auto& range : *ranges) {
        if (range.first <= slot && slot <= range.last) {
            if (auto index = indexOf(range.master))
                return *index;
        }
    }
    return makeError(ErrorKind::NotFound, "no node owns slot " + std::to_string(slot));
}

Result<int> ClusterTestSetup::slotCountOf(size_t index)
{
    auto ranges = slotRangesOf(0);
    if (!ranges)
        return ranges.error();
    int count = 0;
    for (const auto& range : *ranges) {
        if (range.master.port == node(index).port)
            count += range.last - range.first + 1;
    }
    return count;
}

Status ClusterTestSetup::moveKeys(uint16_t slot, size_t from, size_t to, size_t limit)
{
    size_t moved = 0;
    while (moved < limit) {
        const size_t batch = std::min<size_t>(100, limit - moved);
        auto keys
            = direct(from).command({"CLUSTER", "GETKEYSINSLOT", std::to_string(slot), std::to_string(batch)});
        if (!keys)
            return keys.error();
        if (!keys->isArray())
            return makeError(ErrorKind::Protocol, "CLUSTER GETKEYSINSLOT did not return an array");
        if (keys->size() == 0)
            return Done {};
        RedisCommand migrate {"MIGRATE", "127.0.0.1", std::to_string(node(to).port), "", "0", "5000", "KEYS"};
        for (const auto& key : keys->elements())
            migrate.push_back(key.text());
        auto migrated = direct(from).command(migrate);
        if (auto ok = expectOk(migrated, "MIGRATE"); !ok)
            return ok;
        moved += keys->size();
    }
    return Done {};
}

Status ClusterTestSetup::beginSlotMigration(uint16_t slot, size_t to, size_t keysToMove)
{
    if (m_migration)
        return makeError(ErrorKind::Usage, "a slot migration is already in progress");
    auto from = ownerOf(slot);
    if (!from)
        return from.error();
    if (*from == to)
        return makeError(ErrorKind::Usage, "slot " + std::to_string(slot) + " is already on that node");
    const std::string slotText = std::to_string(slot);
    // The order redis-cli uses: the target imports first, so no key is ever unreachable.
    auto importing = direct(to).command({"CLUSTER", "SETSLOT", slotText, "IMPORTING", nodeId(*from)});
    if (auto ok = expectOk(importing, "CLUSTER SETSLOT IMPORTING"); !ok)
        return ok;
    auto migrating = direct(*from).command({"CLUSTER", "SETSLOT", slotText, "MIGRATING", nodeId(to)});
    if (auto ok = expectOk(migrating, "CLUSTER SETSLOT MIGRATING"); !ok)
        return ok;
    m_migration = Migration {slot, *from, to};
    return moveKeys(slot, *from, to, keysToMove);
}

Status ClusterTestSetup::finishSlotMigration()
{
    if (!m_migration)
        return makeError(ErrorKind::Usage, "no slot migration is in progress");
    const Migration migration = *m_migration;
    auto moved = moveKeys(migration.slot, migration.from, migration.to, SIZE_MAX);
    if (!moved)
        return moved;
    // The new owner first, then the old one, then everyone else.
    std::vector<size_t> order {migration.to, migration.from};
    for (size_t i = 0; i < size(); ++i) {
        if (i != migration.to && i != migration.from)
            order.push_back(i);
    }
    for (const size_t i : order) {
        auto assigned = direct(i).command(
            {"CLUSTER", "SETSLOT", std::to_string(migration.slot), "NODE", nodeId(migration.to)});
        if (auto ok = expectOk(assigned, "CLUSTER SETSLOT NODE on " + node(i).toString()); !ok)
            return ok;
    }
    m_migration.reset();
    return waitUntilConsistent();
}

Status ClusterTestSetup::migrateSlot(uint16_t slot, size_t to)
{
    auto begun = beginSlotMigration(slot, to, 0);
    if (!begun)
        return begun;
    return finishSlotMigration();
}

} // namespace lockscope::test
