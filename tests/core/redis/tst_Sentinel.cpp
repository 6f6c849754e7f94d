#include "redis/RedisUrl.h"
#include "support/RedisTestServer.h"
#include "support/deployments/SentinelTestCase.h"

#include <QtTest>

using namespace lockscope;
using namespace std::chrono_literals;

namespace {
const char* describe(const RedisError& error)
{
    static std::string text;
    text = error.toString();
    return text.c_str();
}
HostPort addressOf(const RedisServerProcess& server)
{
    return HostPort {"127.0.0.1", server.port()};
}
} // namespace

// Sentinel topology against a real master, replica and sentinel.
class tst_Sentinel : public test::SentinelTestCase
{
    Q_OBJECT

private slots:
    void resolvesTheMasterByName()
    {
        auto connection = RedisConnection::connect(m_setup->options());
        QVERIFY2(connection.ok(), connection.ok() ? "" : describe(connection.error()));
        QCOMPARE((*connection)->endpoint(), addressOf(m_setup->master()).toString());
        auto role = (*connection)->command({"ROLE"});
        QVERIFY(role.ok());
        QCOMPARE(role->at(0).text(), std::string("master"));
        QVERIFY((*connection)->command({"SET", "sentinel:resolved", "yes"}).ok());
    }

    void asksTheNextSentinelWhenOneIsUnreachable()
    {
        ConnectionOptions options = m_setup->options();
        options.sentinels.insert(options.sentinels.begin(), HostPort {"127.0.0.1", 1});
        auto connection = RedisConnection::connect(options);
        QVERIFY2(connection.ok(), connection.ok() ? "" : describe(connection.error()));
        QCOMPARE((*connection)->endpoint(), addressOf(m_setup->master()).toString());
    }

    void selectsTheDatabaseOfTheUrlOnTheMaster()
    {
        auto options = parseRedisUrl(m_setup->url() + "/3", m_setup->options());
        QVERIFY(options.ok());
        auto connection = RedisConnection::connect(*options);
        QVERIFY2(connection.ok(), connection.ok() ? "" : describe(connection.error()));
        QVERIFY((*connection)->command({"SET", "sentinel:db3", "three"}).ok());
        auto direct = test::connectTo(m_setup->master());
        QVERIFY(direct);
        QVERIFY(direct->command({"SELECT", "3"}).ok());
        QCOMPARE(direct->command({"GET", "sentinel:db3"})->text(), std::string("three"));
    }

    void anUnknownMasterNameIsNotFound()
    {
        auto connection = RedisConnection::connect(m_setup->options("nosuchmaster"));
        QVERIFY(!connection.ok());
        QVERIFY2(connection.error().kind == ErrorKind::NotFound, describe(connection.error()));
        QVERIFY(QString::fromStdString(connection.error().message).contains("nosuchmaster"));
    }

    void anUnreachableSentinelIsAConnectionError()
    {
        ConnectionOptions options = m_setup->options();
        options.sentinels = {HostPort {"127.0.0.1", 1}};
        auto connection = RedisConnection::connect(options);
        QVERIFY(!connection.ok());
        QVERIFY2(connection.error().kind == ErrorKind::ConnectionRefused, describe(connection.error()));
    }

    // Last: it swaps the roles of master and replica.
    void followsAFailover()
    {
        auto connection = RedisConnection::connect(m_setup->options());
        QVERIFY2(connection.ok(), connection.ok() ? "" : describe(connection.error()));
        QVERIFY((*connection)->command({"SET", "before-failover", "1"}).ok());

        const HostPort oldMaster = addressOf(m_setup->master());
        const HostPort newMaster = addressOf(m_setup->replica());
        auto requested = m_setup->requestFailover();
        QVERIFY2(requested.ok(), requested.ok() ? "" : describe(requested.error()));
        QVERIFY2(m_setup->waitUntilReportedMasterIs(newMaster, 30000ms),
            qPrintable(QString::fromStdString(m_setup->sentinel().logTail(1500))));
        // The sentinel demotes the old master a little later (and closes its clients then);
        // until that moment the old master still takes writes, which no client can avoid.
        QVERIFY2(test::SentinelTestSetup::waitUntilRoleIs(m_setup->master(), "slave", 30000ms),
            qPrintable(QString::fromStdString(m_setup->sentinel().logTail(1500))));

        auto afterFailover = (*connection)->command({"SET", "after-failover", "written"});
        QVERIFY2(afterFailover.ok(), afterFailover.ok() ? "" : describe(afterFailover.error()));
        QCOMPARE((*connection)->endpoint(), newMaster.toString());
        QVERIFY((*connection)->reconnectCount() >= 1);

        auto direct = test::connectTo(m_setup->replica());
        QVERIFY(direct);
        QCOMPARE(direct->command({"ROLE"})->at(0).text(), std::string("master"));
        QCOMPARE(direct->command({"GET", "after-failover"})->text(), std::string("written"));
        QCOMPARE(direct->command({"GET", "before-failover"})->text(), std::string("1"));
        QVERIFY(oldMaster != newMaster);
    }
};

QTEST_GUILESS_MAIN(tst_Sentinel)
#include "tst_Sentinel.moc"
