#include "redis/ServerCapabilities.h"
#include "support/CommandStats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "support/TestServerTraits.h"

#include <QtTest>

using namespace lockscope;

namespace {

// A command that needs only `feature` and changes nothing that matters here.
RedisCommand trialOf(ServerFeature feature)
{
    switch (feature) {
    case ServerFeature::ListMove:
        return {"LMOVE", "caps:{a}", "caps:{a}:b", "LEFT", "RIGHT"};
    case ServerFeature::PopPush:
        return {"RPOPLPUSH", "caps:{a}", "caps:{a}:b"};
    case ServerFeature::DelIfEq:
        return {"DELIFEQ", "caps:absent", "x"};
    case ServerFeature::DelEx:
        return {"DELEX", "caps:absent", "IFEQ", "x"};
    case ServerFeature::ShardedPubSub:
        return {"SPUBLISH", "caps:channel", "x"};
    case ServerFeature::HashFieldTtl:
        return {"HEXPIRE", "caps:absent", "10", "FIELDS", "1", "f"};
    case ServerFeature::Acl:
        return {"ACL", "WHOAMI"};
    case ServerFeature::ClientListType:
        return {"CLIENT", "LIST", "TYPE", "normal"};
    }
    return {"PING"};
}

// What a server says to a command it does not have, or to an option it does not know.
bool refusedAsUnknown(const Result<RedisReply>& reply)
{
    if (reply)
        return false;
    const std::string& message = reply.error().message;
    return message.find("unknown command") != std::string::npos
        || message.find("nknown subcommand") != std::string::npos
        || message.find("syntax error") != std::string::npos || message.find("Unknown") != std::string::npos;
}

} // namespace

class tst_ServerCapabilities : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void eachFeatureIsPresentExactlyWhenTheServerAcceptsItsCommand_data()
    {
        QTest::addColumn<int>("feature");
        for (int i = 0; i < serverFeatureCount; ++i)
            QTest::newRow(std::string(serverFeatureName(static_cast<ServerFeature>(i))).c_str()) << i;
    }

    void eachFeatureIsPresentExactlyWhenTheServerAcceptsItsCommand()
    {
        QFETCH(int, feature);
        const auto wanted = static_cast<ServerFeature>(feature);
        auto capabilities = ServerCapabilities::detect(*m_redis);
        QVERIFY(capabilities);
        QVERIFY(capabilities->detected());
        auto tried = m_redis->command(trialOf(wanted));
        qInfo("%s: %s (the server said %s)", std::string(serverFeatureName(wanted)).c_str(),
            capabilities->has(wanted) ? "present" : "absent",
            tried ? tried->describe(60).c_str() : tried.error().message.c_str());
        QCOMPARE(capabilities->has(wanted), !refusedAsUnknown(tried));
    }

    void aRenamedAwayCommandCountsAsMissing()
    {
        RedisServerConfig config;
        config.extraArgs = test::renamedAway(*m_redis, {"BLMOVE"});
        auto server = test::startServer(config);
        QVERIFY(server);
        auto connection = test::connectTo(*server);
        QVERIFY(connection);
        auto capabilities = ServerCapabilities::of(*connection);
        QVERIFY(capabilities);
        QVERIFY(!capabilities->has(ServerFeature::ListMove));
        QVERIFY(capabilities->has(ServerFeature::PopPush));
    }

    void aConnectionAsksTheServerOnce()
    {
        auto connection = test::connectTo(*m_server);
        QVERIFY(connection);
        auto infoCalls = [&] {
            // Redis 7 counts COMMAND INFO as command|info, Redis 6 as command.
            return test::commandCalls(*m_redis, "command|info") + test::commandCalls(*m_redis, "command");
        };
        const long long before = infoCalls();
        QVERIFY(ServerCapabilities::of(*connection));
        QVERIFY(ServerCapabilities::of(*connection));
        QCOMPARE(infoCalls(), before + 1);
    }

    void aReconnectedConnectionAsksAgain()
    {
        auto connection = test::connectTo(*m_server);
        QVERIFY(connection);
        QVERIFY(ServerCapabilities::of(*connection));
        connection->disconnect();
        QVERIFY(connection->ensureConnected());
        auto infoCalls = [&] {
            return test::commandCalls(*m_redis, "command|info") + test::commandCalls(*m_redis, "command");
        };
        const long long before = infoCalls();
        QVERIFY(ServerCapabilities::of(*connection));
        QCOMPARE(infoCalls(), before + 1);
    }

    void aMissingFeatureIsAnUnavailableErrorNamingIt()
    {
        const auto error = ServerCapabilities::missing(ServerFeature::ListMove, "the semaphore");
        QCOMPARE(error.kind, ErrorKind::NotFound);
        QCOMPARE(
            error.message, std::string("the semaphore needs LMOVE/BLMOVE, which this server does not offer"));
    }
};

QTEST_GUILESS_MAIN(tst_ServerCapabilities)
#include "tst_ServerCapabilities.moc"
