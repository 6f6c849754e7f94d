#include "cli/CliRunner.h"
#include "cli/ExitCode.h"
#include "redis/ServerProbe.h"
#include "support/CliRun.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <sstream>

using namespace lockscope;
using test::CliRun;
using test::runCli;

class tst_CliPing : public test::RedisTestCase
{
    Q_OBJECT
    std::unique_ptr<RedisServerProcess> m_aclServer;

    void initSuite() override
    {
        m_aclServer = test::startServer(test::aclWithOnlyUser("ops", "opspw"));
        QVERIFY(m_aclServer);
    }

private slots:
    void printsVersionRoleTopologyAndRoundTrip()
    {
        auto run = runCli({"--url", m_server->url(), "ping"});
        QCOMPARE(run.code, 0);
        // The version the server gives itself, whichever server runs the suite.
        auto info = m_redis->command({"INFO", "server"});
        QVERIFY(info && info->isString());
        const QString version = QString::fromStdString(infoField(info->text(), "redis_version"));
        QVERIFY(!version.isEmpty());
        QVERIFY2(run.out.contains("version:    " + version + "\n"), qPrintable(run.out));
        QVERIFY(run.out.contains("role:       master"));
        QVERIFY(run.out.contains("topology:   standalone"));
        QVERIFY(run.out.contains(QRegularExpression("round trip: \\d+\\.\\d{3} ms")));
    }

    void namesTheNotificationClassesMissingAndTheOnesLockScopeDoesNotRead()
    {
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEs$"}).ok());
        auto run = runCli({"--url", m_server->url(), "ping"});
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.contains("missing 'ghlzx'"), qPrintable(run.out));
        QVERIFY2(run.out.contains("unneeded by LockScope 'Es'"), qPrintable(run.out));
    }

    void takesTheUrlFromTheEnvironment()
    {
        auto run = runCli({"ping"}, {{"LOCKSCOPE_URL", m_server->url()}});
        QCOMPARE(run.code, 0);
        QVERIFY(run.out.contains(QString::number(m_server->port())));
    }

    void readsThePasswordFromTheNamedVariable()
    {
        auto run = runCli({"--url", m_aclServer->url(), "--user", "ops", "--password-env", "OPS_PW", "ping"},
            {{"OPS_PW", "opspw"}});
        QCOMPARE(run.code, 0);
    }

    void aWrongPasswordExitsWithNoPermission()
    {
        auto run = runCli({"--url", m_aclServer->url(), "--user", "ops", "--password-env", "OPS_PW", "ping"},
            {{"OPS_PW", "nope"}});
        QCOMPARE(run.code, int(ExitNoPermission));
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.err.contains("authentication"));
    }

    void anUnreachableServerExitsUnavailableInOneLine()
    {
        auto run = runCli({"--url", "redis://127.0.0.1:1", "ping"});
        QCOMPARE(run.code, int(ExitUnavailable));
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.err.contains("connection refused"));
    }

    void aMalformedUrlExitsWithUsage()
    {
        auto run = runCli({"--url", "redis://host:notaport", "ping"});
        QCOMPARE(run.code, int(ExitUsage));
        QVERIFY(run.err.contains("invalid port"));
    }

    void anUnknownOptionExitsWithUsage()
    {
        QCOMPARE(runCli({"--frobnicate", "ping"}).code, int(ExitUsage));
        QCOMPARE(runCli({}).code, int(ExitUsage));
        QCOMPARE(runCli({"no-such-command"}).code, int(ExitUsage));
    }

    void pingsAPrivateSandbox()
    {
        auto run = runCli({"--sandbox", "ping"});
        QCOMPARE(run.code, 0);
        QVERIFY(run.out.contains("keyspace events: "));
        QVERIFY2(run.out.contains("A") && run.out.contains("K"), qPrintable(run.out));
    }
};

QTEST_GUILESS_MAIN(tst_CliPing)
#include "tst_CliPing.moc"
