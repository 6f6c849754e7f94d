#include "faults/FailoverSandbox.h"

#include "redis/RedisConnection.h"
#include "redis/ServerProbe.h"

#include <functional>
#include <thread>

namespace lockscope {

namespace {

using namespace std::chrono_literals;

bool waitFor(const std::function<bool()>& condition, std::chrono::milliseconds timeout)
{
    const auto until = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (condition())
            return true;
        if (std::chrono::steady_clock::now() >= until)
            return false;
        std::this_thread::sleep_for(50ms);
    }
}

// A short-lived connection for the sandbox's own questions: no reconnecting, short timeouts.
std::unique_ptr<RedisConnection> connectTo(int port)
{
    ConnectionOptions options;
    options.host = "127.0.0.1";
    options.port = port;
    options.connectTimeout = 1000ms;
    options.commandTimeout = 5000ms;
    options.reconnect.budget = 0ms;
    options.clientRole = "sandbox";
    auto connection = RedisConnection::connect(options);
    return connection ? std::move(connection.value()) : nullptr;
}

std::string roleOf(int port)
{
    auto connection = connectTo(port);
    if (!connection)
        return {};
    auto reply = connection->command({"ROLE"});
    if (!reply || !reply->isArray() || reply->size() == 0 || !reply->at(0).toStringView())
        return {};
    return std::string(*reply->at(0).toStringView());
}

} // namespace

FailoverSandbox::~FailoverSandbox()
{
    // The sentinel first, so that it does not react to the servers going away.
    m_sentinel.reset();
    m_replica.reset();
    m_replicationLink.reset();
    m_master.reset();
}

Result<std::unique_ptr<FailoverSandbox>> FailoverSandbox::start()
{
    std::unique_ptr<FailoverSandbox> sandbox(new FailoverSandbox());
    auto master = RedisServerProcess::start({});
    if (!master)
        return master.error();
    sandbox->m_master = std::move(master.value());
    auto link = ChaosProxy::start("127.0.0.1", sandbox->m_master->port());
    if (!link)
        return link.error();
    sandbox->m_replicationLink = std::move(link.value());
    RedisServerConfig replicaConfig;
    replicaConfig.extraArgs
        = {"--replicaof", "127.0.0.1", std::to_string(sandbox->m_replicationLink->port())};
    auto replica = RedisServerProcess::start(replicaConfig);
    if (!replica)
        return replica.error();
    sandbox->m_replica = std::move(replica.value());

    // The sentinel learns about replicas from the master's INFO, which it asks for on connecting
    // and then every 10 s: it starts once the replica is attached.
    const int masterPort = sandbox->m_master->port();
    const bool attached = waitFor(
        [&] {
            auto connection = connectTo(masterPort);
            if (!connection)
                return false;
            auto info = connection->command({"INFO", "replication"});
            return info && info->isString() && infoField(info->text(), "connected_slaves") == "1";
        },
        20000ms);
    if (!attached || roleOf(sandbox->m_replica->port()) != "slave")
        return makeError(ErrorKind::Internal, "the sandbox replica did not attach to its master");
    // A long down-after period: failovers are asked for, a busy machine should not start one on
    // its own. A long failover timeout: the sentinel would otherwise soon "fix" the replica to
    // replicate from the master directly, around the proxy that lets the drill hold replication
    // back.
    auto sentinel = SandboxSentinel::start(masterName, masterPort, {30000ms, 600000ms});
    if (!sentinel)
        return sentinel.error();
    sandbox->m_sentinel = std::move(*sentinel);
    if (!waitFor([&] { return sandbox->sentinelKnowsTheReplica(); }, 30000ms))
        return makeError(ErrorKind::Internal,
            "the sandbox sentinel did not come to know the replica: " + sandbox->m_sentinel->logTail(800));
    return sandbox;
}

std::string FailoverSandbox::url() const
{
    return "redis+sentinel://127.0.0.1:" + std::to_string(m_sentinel->port()) + "/" + masterName;
}

bool FailoverSandbox::sentinelKnowsTheReplica() const
{
    return m_sentinel->knowsReplica(m_replica->port());
}

bool FailoverSandbox::sentinelNamesTheReplica() const
{
    auto master = m_sentinel->reportedMaster();
    return master && master->port == m_replica->port();
}

bool FailoverSandbox::replicaHasKey(const std::string& key) const
{
    auto replica = connectTo(m_replica->port());
    if (!replica)
        return false;
    auto reply = replica->command({"EXISTS", key});
    return reply && reply->isInteger() && reply->integer() > 0;
}

void FailoverSandbox::holdBackReplication(bool on)
{
    // Stalled, not dropped: a stall can end without losing a byte of the replication stream
    // (the replica would apply a stream with a gap in it); the bytes are dropped only when the
    // master dies (failOver), so that they never reach the replica. Waits for a failover under way:
    // its new replica must sync before anything is held back.
    std::lock_guard serial(m_failingOver);
    m_replicationLink->setMode(on ? ChaosProxy::Mode::Stall : ChaosProxy::Mode::Pass);
}

Status FailoverSandbox::failOver(std::chrono::milliseconds timeout)
{
    // Drill sections of several clients may ask at once: one failover at a time, each from a
    // healthy pair, and no replication held back until it is over (holdBackReplication waits).
    std::lock_guard serial(m_failingOver);
    m_replicationLink->setMode(ChaosProxy::Mode::Drop);
    m_master->kill();
    // The sentinel may still be busy with the master it just lost ("INPROG") or not yet see the
    // replica as fit ("NOGOODSLAVE"): ask again until it takes the request.
    RedisError refused = makeError(ErrorKind::Timeout, "the sentinel did not start the failover");
    const bool started = waitFor(
        [&] {
            auto requested = m_sentinel->requestFailover();
            if (!requested)
                refused = requested.error();
            return static_cast<bool>(requested);
        },
        timeout);
    if (!started)
        return refused;
    if (!waitFor([&] { return sentinelNamesTheReplica() && roleOf(m_replica->port()) == "master"; }, timeout))
        return makeError(ErrorKind::Timeout, "the replica was not promoted: " + m_sentinel->logTail(800));
    // The old master comes back, empty, as a replica of the new one, so that WAIT has a
    // replica to count again (left to the sentinel, it would be converted only after the
    // failover timeout). It replicates through a new proxy, which the next drill can hold back:
    // the two swap roles and the sandbox can fail over again. (The last --replicaof given wins.)
    auto link = ChaosProxy::start("127.0.0.1", m_replica->port());
    if (!link)
        return link.error();
    m_master->addArguments({"--replicaof", "127.0.0.1", std::to_string((*link)->port())});
    if (auto restarted = m_master->restart(); !restarted)
        return restarted;
    m_replicationLink = std::move(*link);
    std::swap(m_master, m_replica);
    // Ready again once the sentinel sees the new replica synced (it reads INFO every 10 s).
    if (!waitFor([&] { return sentinelKnowsTheReplica(); }, timeout))
        return makeError(ErrorKind::Timeout,
            "the old master did not come back as a replica the sentinel knows: " + m_sentinel->logTail(800));
    return Done {};
}

FaultInjector::Failover FailoverSandbox::drillHooks()
{
    FaultInjector::Failover hooks;
    hooks.holdBackReplication = [this](bool on) { holdBackReplication(on); };
    hooks.failOver = [this] { return failOver(); };
    hooks.replicaHasKey = [this](const std::string& key) { return replicaHasKey(key); };
    return hooks;
}

} // namespace lockscope
