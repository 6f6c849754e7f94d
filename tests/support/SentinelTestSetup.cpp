#include "support/SentinelTestSetup.h"

#include "redis/RedisUrl.h"
#include "redis/ServerProbe.h"
#include "sandbox/FreePort.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <functional>

namespace lockscope::test {

namespace {

using namespace std::chrono_literals;

bool waitFor(const std::function<bool()>& condition, std::chrono::milliseconds timeout)
{
    return QTest::qWaitFor(condition, static_cast<int>(timeout.count()));
}

std::string fieldOf(const RedisReply& flatMap, std::string_view name)
{
    // Sentinel describes instances as flat [name, value, name, value, ...] arrays.
    for (size_t i = 0; i + 1 < flatMap.size(); i += 2) {
        if (flatMap.at(i).toStringView() == name && flatMap.at(i + 1).toStringView())
            return std::string(*flatMap.at(i + 1).toStringView());
    }
    return {};
}

} // namespace

SentinelTestSetup::~SentinelTestSetup()
{
    // The sentinel first, so that it does not react to the servers going away.
    m_sentinel.reset();
    m_replica.reset();
    m_master.reset();
}

std::unique_ptr<SentinelTestSetup> SentinelTestSetup::start()
{
    std::unique_ptr<SentinelTestSetup> setup(new SentinelTestSetup());
    setup->m_master = startServer();
    if (!setup->m_master)
        return nullptr;
    RedisServerConfig replicaConfig;
    replicaConfig.extraArgs = {"--replicaof", "127.0.0.1", std::to_string(setup->m_master->port())};
    setup->m_replica = startServer(replicaConfig);
    if (!setup->m_replica)
        return nullptr;

    // The sentinel learns about replicas from the master's INFO, which it asks for once on
    // connecting and then only every 10 s: start it once the replica is attached.
    auto master = connectTo(*setup->m_master);
    if (!master)
        return nullptr;
    const bool attached = waitFor(
        [&] {
            auto info = master->command({"INFO", "replication"});
            return info && info->isString() && infoField(info->text(), "connected_slaves") == "1";
        },
        20000ms);
    if (!attached || !waitUntilRoleIs(*setup->m_replica, "slave", 20000ms)) {
        QWARN("the replica did not attach to the master");
        return nullptr;
    }

    // Failovers in the tests are asked for (SENTINEL FAILOVER); a generous down-after period
    // keeps a busy test machine from making the sentinel start one on its own.
    const std::string monitored = std::string(masterName);
    const std::string sentinelRules = "sentinel monitor " + monitored + " 127.0.0.1 "
        + std::to_string(setup->m_master->port()) + " 1\n" // quorum 1: the only sentinel decides
        + "sentinel down-after-milliseconds " + monitored + " 5000\n" //
        + "sentinel failover-timeout " + monitored + " 3000\n" //
        + "sentinel parallel-syncs " + monitored + " 1\n";
    RedisError lastError = makeError(ErrorKind::Internal, "no free port");
    for (int attempt = 0; attempt < 5 && !setup->m_sentinel; ++attempt) {
        RedisServerConfig sentinelConfig;
        sentinelConfig.sentinel = true;
        sentinelConfig.unixSocket = false;
        sentinelConfig.port = pickFreePort();
        sentinelConfig.configText
            = "port " + std::to_string(sentinelConfig.port) + "\nbind 127.0.0.1\n" + sentinelRules;
        auto sentinel = RedisServerProcess::start(sentinelConfig);
        if (sentinel)
            setup->m_sentinel = std::move(sentinel.value());
        else
            lastError = sentinel.error();
    }
    if (!setup->m_sentinel) {
        QWARN(qPrintable(QString::fromStdString("cannot start the sentinel: " + lastError.toString())));
        return nullptr;
    }
    if (!waitFor([&] { return setup->replicaIsKnownToTheSentinel(); }, 30000ms)) {
        QWARN(qPrintable(QString::fromStdString(
            "the sentinel did not come to know the replica: " + setup->m_sentinel->logTail(1500))));
        return nullptr;
    }
    return setup;
}

std::string SentinelTestSetup::url(const std::string& name) const
{
    return "redis+sentinel://127.0.0.1:" + std::to_string(m_sentinel->port()) + "/" + name;
}

ConnectionOptions SentinelTestSetup::options(const std::string& name) const
{
    ConnectionOptions base;
    base.connectTimeout = 2000ms;
    base.commandTimeout = 10000ms;
    base.clientRole = "test";
    auto parsed = parseRedisUrl(url(name), base);
    return parsed ? *parsed : base;
}

std::unique_ptr<RedisConnection> SentinelTestSetup::connectToSentinel() const
{
    ConnectionOptions options;
    options.reconnect.budget = 0ms;
    return connectTo(*m_sentinel, options);
}

bool SentinelTestSetup::replicaIsKnownToTheSentinel() const
{
    auto sentinel = connectToSentinel();
    if (!sentinel)
        return false;
    auto replicas = sentinel->command({"SENTINEL", "REPLICAS", masterName});
    if (!replicas || !replicas->isArray())
        return false;
    for (const auto& replica : replicas->elements()) {
        // "slave" alone: connected, not subjectively down, and with a live link to its master.
        if (fieldOf(replica, "port") == std::to_string(m_replica->port())
            && fieldOf(replica, "flags") == "slave" && fieldOf(replica, "master-link-status") == "ok")
            return true;
    }
    return false;
}

Result<HostPort> SentinelTestSetup::reportedMaster() const
{
    auto sentinel = connectToSentinel();
    if (!sentinel)
        return makeError(ErrorKind::ConnectionRefused, "cannot reach the sentinel");
    auto reply = sentinel->command({"SENTINEL", "GET-MASTER-ADDR-BY-NAME", masterName});
    if (!reply)
        return reply.error();
    const auto host = reply->at(0).toStringView();
    const auto port = reply->at(1).toInteger();
    if (!host || !port)
        return makeError(ErrorKind::Protocol, "unexpected answer " + reply->describe());
    return HostPort {std::string(*host), static_cast<int>(*port)};
}

Status SentinelTestSetup::requestFailover() const
{
    auto sentinel = connectToSentinel();
    if (!sentinel)
        return makeError(ErrorKind::ConnectionRefused, "cannot reach the sentinel");
    auto reply = sentinel->command({"SENTINEL", "FAILOVER", masterName});
    if (!reply)
        return reply.error();
    return Done {};
}

bool SentinelTestSetup::waitUntilReportedMasterIs(
    const HostPort& expected, std::chrono::milliseconds timeout) const
{
    return waitFor(
        [&] {
            auto reported = reportedMaster();
            return reported && *reported == expected;
        },
        timeout);
}

bool SentinelTestSetup::waitUntilRoleIs(
    const RedisServerProcess& server, const std::string& role, std::chrono::milliseconds timeout)
{
    return waitFor(
        [&] {
            ConnectionOptions options;
            options.reconnect.budget = 0ms;
            auto connection = RedisConnection::connect(optionsFor(server, options));
            if (!connection)
                return false;
            auto reply = (*connection)->command({"ROLE"});
            return reply && reply->at(0).toStringView() == std::string_view(role);
        },
        timeout);
}

} // namespace lockscope::test
