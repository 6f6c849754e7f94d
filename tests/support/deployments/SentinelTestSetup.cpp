#include "support/deployments/SentinelTestSetup.h"

#include "redis/RedisUrl.h"
#include "redis/ServerProbe.h"
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
    // keeps a busy test machine from making the sentinel start one on its own. A short failover
    // timeout: after a failover the sentinel soon makes the old master a replica of the new one,
    // which the failover tests wait for.
    auto sentinel = SandboxSentinel::start(masterName, setup->m_master->port(), {5000ms, 3000ms});
    if (!sentinel) {
        QWARN(
            qPrintable(QString::fromStdString("cannot start the sentinel: " + sentinel.error().toString())));
        return nullptr;
    }
    setup->m_sentinel = std::move(*sentinel);
    if (!waitFor([&] { return setup->m_sentinel->knowsReplica(setup->m_replica->port()); }, 30000ms)) {
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

Result<HostPort> SentinelTestSetup::reportedMaster() const
{
    return m_sentinel->reportedMaster();
}

Status SentinelTestSetup::requestFailover() const
{
    return m_sentinel->requestFailover();
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
