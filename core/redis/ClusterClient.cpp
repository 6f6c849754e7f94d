#include "redis/ClusterClient.h"

#include "redis/ClusterRedirect.h"
#include "redis/CommandKeys.h"

#include <algorithm>
#include <thread>

namespace lockscope {

namespace {

// TRYAGAIN (a multi-key command during a migration) and CLUSTERDOWN (a failover in progress)
// usually clear within a second or two: retry a few times with a growing pause (2.5 s in all).
constexpr int maxRetries = 5;
constexpr std::chrono::milliseconds firstRetryPause {100};
constexpr std::chrono::milliseconds maxRetryPause {1000};

std::chrono::milliseconds retryPause(int retry)
{
    return std::min(firstRetryPause * (1 << std::min(retry, 5)), maxRetryPause);
}

RedisError tooManyRedirects(const RedisCommand& args, const std::string& last)
{
    return makeError(ErrorKind::Redirect,
        CommandPolicy::displayName(args) + ": gave up after " + std::to_string(ClusterClient::maxRedirects)
            + " redirects (last: " + last + ")");
}

} // namespace

ClusterClient::ClusterClient(ConnectionOptions options)
    : m_options(std::move(options))
{
    m_slots.fill(unassigned);
}

ClusterClient::~ClusterClient() = default;

Result<std::unique_ptr<ClusterClient>> ClusterClient::connect(const ConnectionOptions& seed)
{
    if (seed.topology == ConnectionOptions::Topology::Sentinel)
        return makeError(ErrorKind::Usage, "a cluster client needs a cluster node, not sentinels");
    std::unique_ptr<ClusterClient> client(new ClusterClient(seed));
    client->m_seed = seed.transport == ConnectionOptions::Transport::Unix ? HostPort {seed.unixPath, 0}
                                                                          : HostPort {seed.host, seed.port};
    // The seed keeps its own transport (it may be a unix socket); every other node is TCP.
    auto connection = RedisConnection::connect(seed);
    if (!connection)
        return connection.error();
    client->m_connections[client->m_seed.toString()] = std::move(connection.value());

    auto loaded = client->refreshSlotsFrom(client->m_seed);
    if (!loaded)
        return loaded.error();
    if (client->masters().empty())
        return makeError(ErrorKind::ServerError, "the cluster at " + seed.describe() + " serves no slots");
    return client;
}

Status ClusterClient::refreshSlots()
{
    // The masters we know first (the likeliest to be up and current), then the seed, then
    // every node ever named.
    std::vector<HostPort> candidates = masters();
    candidates.push_back(m_seed);
    candidates.insert(candidates.end(), m_nodes.begin(), m_nodes.end());
    std::vector<HostPort> tried;
    Status last = makeError(ErrorKind::NotFound, "no cluster node is known");
    for (const auto& node : candidates) {
        if (std::find(tried.begin(), tried.end(), node) != tried.end())
            continue;
        tried.push_back(node);
        last = refreshSlotsFrom(node);
        if (last)
            return last;
    }
    return last;
}

Status ClusterClient::refreshSlotsFrom(const HostPort& node)
{
    auto connection = connectionTo(node);
    if (!connection)
        return connection.error();
    auto reply = (*connection)->command({"CLUSTER", "SLOTS"});
    if (!reply) {
        RedisError error = reply.error();
        error.message = "CLUSTER SLOTS on " + node.toString() + ": " + error.message;
        return error;
    }
    auto ranges = parseClusterSlots(*reply);
    if (!ranges)
        return ranges.error();
    // A unix-socket seed answers with its TCP address; other nodes are reached over TCP anyway.
    const HostPort answeredBy = node.port == 0 ? HostPort {"127.0.0.1", 0} : node;
    return applySlots(*ranges, answeredBy);
}

Status ClusterClient::applySlots(const std::vector<SlotRange>& ranges, const HostPort& answeredBy)
{
    std::array<int16_t, clusterSlotCount> slots;
    slots.fill(unassigned);
    for (const auto& range : ranges) {
        HostPort master = range.master;
        // An empty endpoint means "the node you asked"; "?" an endpoint the node does not know.
        if (master.host.empty())
            master.host = answeredBy.host;
        if (master.host == "?")
            continue;
        const int index = nodeIndex(master);
        if (index < 0)
            return makeError(ErrorKind::Protocol, "CLUSTER SLOTS names more nodes than a cluster can have");
        std::fill(slots.begin() + range.first, slots.begin() + range.last + 1, static_cast<int16_t>(index));
    }
    m_slots = slots;
    return Done {};
}

int ClusterClient::nodeIndex(const HostPort& node)
{
    const auto found = std::find(m_nodes.begin(), m_nodes.end(), node);
    if (found != m_nodes.end())
        return static_cast<int>(found - m_nodes.begin());
    if (m_nodes.size() >= static_cast<size_t>(clusterSlotCount))
        return -1;
    m_nodes.push_back(node);
    return static_cast<int>(m_nodes.size() - 1);
}

std::vector<HostPort> ClusterClient::masters() const
{
    std::vector<HostPort> result;
    for (const int16_t index : m_slots) {
        if (index == unassigned)
            continue;
        const HostPort& node = m_nodes[static_cast<size_t>(index)];
        if (std::find(result.begin(), result.end(), node) == result.end())
            result.push_back(node);
    }
    return result;
}

Result<HostPort> ClusterClient::nodeForSlot(uint16_t slot) const
{
    if (slot >= clusterSlotCount || m_slots[slot] == unassigned)
        return makeError(
            ErrorKind::NotFound, "cluster slot " + std::to_string(slot) + " is served by no master");
    return m_nodes[static_cast<size_t>(m_slots[slot])];
}

Result<HostPort> ClusterClient::nodeForKey(std::string_view key) const
{
    return nodeForSlot(clusterKeySlot(key));
}

Result<HostPort> ClusterClient::anyMaster() const
{
    const auto all = masters();
    if (all.empty())
        return makeError(ErrorKind::NotFound, "the cluster serves no slots");
    return all.front();
}

Result<RedisConnection*> ClusterClient::connectionTo(const HostPort& node)
{
    const std::string name = node.toString();
    auto found = m_connections.find(name);
    if (found != m_connections.end())
        return found->second.get();
    auto connection = RedisConnection::connectTo(m_options, node);
    if (!connection)
        return connection.error();
    RedisConnection* raw = connection->get();
    m_connections.emplace(name, std::move(connection.value()));
    return raw;
}

Status ClusterClient::refuseIfWriting(const RedisCommand& args) const
{
    if (m_options.readOnly && !CommandPolicy::isReadOnly(args))
        return makeError(ErrorKind::ReadOnlyRefused,
            "refused to send " + CommandPolicy::displayName(args) + ": the cluster client is read-only");
    return Done {};
}

void ClusterClient::learnMoved(uint16_t slot, const HostPort& owner)
{
    // One MOVED usually means a resharding or a failover: other slots have moved too.
    if (!refreshSlotsFrom(owner))
        (void)refreshSlots();
    // The redirect is the freshest word on this slot, even if a lagging node said otherwise.
    const int index = nodeIndex(owner);
    if (index >= 0)
        m_slots[slot] = static_cast<int16_t>(index);
}

Result<RedisReply> ClusterClient::command(const RedisCommand& args)
{
    auto allowed = refuseIfWriting(args);
    if (!allowed)
        return allowed.error();
    auto slot = CommandKeys::slotOf(args);
    if (!slot)
        return slot.error();
    return route(*slot, args);
}

Result<RedisReply> ClusterClient::commandForKey(std::string_view routingKey, const RedisCommand& args)
{
    auto allowed = refuseIfWriting(args);
    if (!allowed)
        return allowed.error();
    return route(clusterKeySlot(routingKey), args);
}

Result<RedisReply> ClusterClient::sendTo(const HostPort& node, const RedisCommand& args, bool asking)
{
    auto connection = connectionTo(node);
    if (!connection)
        return connection.error();
    if (!asking)
        return (*connection)->command(args);
    // ASKING admits exactly the next command on the importing node.
    auto replies = (*connection)->pipeline({{"ASKING"}, args});
    if (!replies)
        return replies.error();
    if (replies->size() != 2)
        return makeError(ErrorKind::Protocol, "ASKING pipeline returned the wrong number of replies");
    for (const auto& reply : *replies) {
        if (reply.isError())
            return RedisError::fromServerReply(reply.text());
    }
    return std::move((*replies)[1]);
}

Result<RedisReply> ClusterClient::route(std::optional<uint16_t> slot, const RedisCommand& args)
{
    auto target = slot ? nodeForSlot(*slot) : anyMaster();
    if (!target && slot) {
        (void)refreshSlots();
        target = nodeForSlot(*slot);
    }
    if (!target)
        return target.error();
    HostPort node = *target;
    bool asking = false;
    bool refreshedAfterRefusal = false;
    int redirects = 0;
    int retries = 0;
    for (;;) {
        auto reply = sendTo(node, args, asking);
        if (reply)
            return reply;
        const RedisError& error = reply.error();
        if (error.kind == ErrorKind::ConnectionRefused && slot && !refreshedAfterRefusal) {
            // Nothing was sent: if the slot has a new owner (a failover), try it once.
            refreshedAfterRefusal = true;
            if (refreshSlots()) {
                auto owner = nodeForSlot(*slot);
                if (owner && !(*owner == node)) {
                    node = *owner;
                    asking = false;
                    continue;
                }
            }
            return reply;
        }
        if (error.kind != ErrorKind::Redirect)
            return reply;
        const auto redirect = ClusterRedirect::parse(error.message, node);
        if (!redirect)
            return reply;
        switch (redirect->kind) {
        case ClusterRedirect::Kind::TryAgain:
        case ClusterRedirect::Kind::ClusterDown: {
            if (retries >= maxRetries)
                return reply;
            std::this_thread::sleep_for(retryPause(retries));
            ++retries;
            ++m_redirects.retries;
            // Keys may have moved meanwhile: start again from the slot's owner.
            if (slot) {
                auto owner = nodeForSlot(*slot);
                if (owner)
                    node = *owner;
                asking = false;
            }
            break;
        }
        case ClusterRedirect::Kind::Moved:
            if (++redirects > maxRedirects)
                return tooManyRedirects(args, error.message);
            ++m_redirects.moved;
            learnMoved(redirect->slot, redirect->node);
            node = redirect->node;
            asking = false;
            break;
        case ClusterRedirect::Kind::Ask:
            if (++redirects > maxRedirects)
                return tooManyRedirects(args, error.message);
            ++m_redirects.ask;
            node = redirect->node;
            asking = true;
            break;
        }
    }
}

Result<std::vector<RedisReply>> ClusterClient::pipelineForKey(
    std::string_view routingKey, const std::vector<RedisCommand>& commands)
{
    for (const auto& command : commands) {
        auto allowed = refuseIfWriting(command);
        if (!allowed)
            return allowed.error();
    }
    std::vector<RedisReply> results(commands.size());
    if (commands.empty())
        return results;
    const uint16_t slot = clusterKeySlot(routingKey);
    auto owner = nodeForSlot(slot);
    if (!owner) {
        (void)refreshSlots();
        owner = nodeForSlot(slot);
        if (!owner)
            return owner.error();
    }

    PipelineRound round;
    for (size_t i = 0; i < commands.size(); ++i)
        round.pending.push_back({i, *owner, false, {}});
    int redirectRounds = 0;
    int pauses = 0;
    while (!round.pending.empty()) {
        if (redirectRounds > maxRedirects)
            return tooManyRedirects(commands[round.pending.front().index], round.lastRedirect);
        PipelineRound next;
        next.slot = slot;
        // One batch per (node, asking), each in the order the commands were given.
        std::vector<bool> sent(round.pending.size(), false);
        for (size_t first = 0; first < round.pending.size(); ++first) {
            if (sent[first])
                continue;
            std::vector<size_t> members;
            for (size_t j = first; j < round.pending.size(); ++j) {
                if (!sent[j] && round.pending[j].node == round.pending[first].node
                    && round.pending[j].asking == round.pending[first].asking) {
                    sent[j] = true;
                    members.push_back(round.pending[j].index);
                }
            }
            auto batch = sendBatch(
                round.pending[first].node, round.pending[first].asking, members, commands, results, next);
            if (!batch)
                return batch.error();
        }
        std::sort(next.pending.begin(), next.pending.end(),
            [](const PendingCommand& a, const PendingCommand& b) { return a.index < b.index; });
        if (next.redirected)
            ++redirectRounds;
        if (next.retrying > 0 && pauses >= maxRetries) {
            // Still TRYAGAIN / CLUSTERDOWN: each command keeps its last redirect as its reply.
            for (auto& item : next.pending)
                results[item.index] = std::move(item.lastReply);
            break;
        }
        if (next.retrying > 0) {
            std::this_thread::sleep_for(retryPause(pauses++));
            m_redirects.retries += next.retrying;
        }
        round = std::move(next);
    }
    return results;
}

Status ClusterClient::sendBatch(const HostPort& node, bool asking, const std::vector<size_t>& members,
    const std::vector<RedisCommand>& commands, std::vector<RedisReply>& results, PipelineRound& next)
{
    std::vector<RedisCommand> batch;
    for (const size_t index : members) {
        if (asking)
            batch.push_back({"ASKING"});
        batch.push_back(commands[index]);
    }
    auto connection = connectionTo(node);
    if (!connection)
        return connection.error();
    auto replies = (*connection)->pipeline(batch);
    if (!replies)
        return replies.error();
    if (replies->size() != batch.size())
        return makeError(ErrorKind::Protocol, "a pipeline returned the wrong number of replies");

    for (size_t m = 0; m < members.size(); ++m) {
        const size_t index = members[m];
        if (asking && (*replies)[2 * m].isError()) {
            results[index] = std::move((*replies)[2 * m]); // ASKING itself was refused
            continue;
        }
        RedisReply& reply = asking ? (*replies)[2 * m + 1] : (*replies)[m];
        const auto redirect = reply.isError() ? ClusterRedirect::parse(reply.text(), node) : std::nullopt;
        if (!redirect) {
            results[index] = std::move(reply);
            continue;
        }
        next.lastRedirect = reply.text();
        switch (redirect->kind) {
        case ClusterRedirect::Kind::Moved: {
            next.redirected = true;
            ++m_redirects.moved;
            // Every command of the batch says MOVED: learn it (and refresh the table) once.
            auto known = nodeForSlot(redirect->slot);
            if (!known || !(*known == redirect->node))
                learnMoved(redirect->slot, redirect->node);
            next.pending.push_back({index, redirect->node, false, reply});
            break;
        }
        case ClusterRedirect::Kind::Ask:
            next.redirected = true;
            ++m_redirects.ask;
            next.pending.push_back({index, redirect->node, true, reply});
            break;
        case ClusterRedirect::Kind::TryAgain:
        case ClusterRedirect::Kind::ClusterDown: {
            ++next.retrying;
            auto owner = nodeForSlot(next.slot);
            next.pending.push_back({index, owner ? *owner : node, false, reply});
            break;
        }
        }
    }
    return Done {};
}

} // namespace lockscope
