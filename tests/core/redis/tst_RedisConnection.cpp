#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "support/TestServerTraits.h"

#include <QtTest>

using namespace lockscope;
using namespace std::chrono_literals;

class tst_RedisConnection : public test::RedisTestCase
{
    Q_OBJECT

    std::unique_ptr<RedisServerProcess> m_aclServer;

    void initSuite() override
    {
        RedisServerConfig acl;
        // redis-server joins the words after --user into one ACL rule line.
        // Channel rules (&*, resetchannels) only where the server has them (Redis 6.2+).
        const bool channels = test::TestServerTraits::ofPathServer().aclChannelRules;
        acl.extraArgs = {"--user", "default", "on", ">adminpw", "~*", "+@all"};
        if (channels)
            acl.extraArgs.push_back("&*");
        acl.extraArgs.insert(acl.extraArgs.end(), {"--user", "reader", "on", ">readerpw", "~locks:*"});
        if (channels)
            acl.extraArgs.push_back("resetchannels");
        acl.extraArgs.insert(acl.extraArgs.end(), {"-@all", "+get", "+ping", "+client|setname", "+auth"});
        m_aclServer = test::startServer(acl);
        QVERIFY(m_aclServer);
    }

    void cleanupSuite() override { m_aclServer.reset(); }

private slots:
    void setsTheClientNameForItsRole()
    {
        ConnectionOptions options;
        options.clientRole = "monitor";
        auto connection = test::connectTo(*m_server, options);
        QVERIFY(connection);
        auto name = connection->command({"CLIENT", "GETNAME"});
        QVERIFY(name.ok());
        QCOMPARE(name->text(), std::string("lockscope:monitor"));
    }

    void selectsTheDatabaseOfTheUrl()
    {
        ConnectionOptions options;
        options.database = 5;
        auto connection = test::connectTo(*m_server, options);
        QVERIFY(connection);
        QVERIFY(connection->command({"SET", "db-probe", "five"}).ok());
        auto plain = test::connectTo(*m_server);
        QVERIFY(plain->command({"GET", "db-probe"})->isNil());
        QVERIFY(plain->command({"SELECT", "5"}).ok());
        QCOMPARE(plain->command({"GET", "db-probe"})->text(), std::string("five"));
    }

    void answersTenThousandPipelinedCommandsInOrder()
    {
        auto connection = test::connectTo(*m_server);
        QVERIFY(connection);
        std::vector<RedisCommand> commands;
        for (int i = 0; i < 10000; ++i)
            commands.push_back({"SET", "pipe:" + std::to_string(i), std::to_string(i * 7)});
        for (int i = 0; i < 10000; ++i)
            commands.push_back({"GET", "pipe:" + std::to_string(i)});
        auto replies = connection->pipeline(commands);
        QVERIFY2(replies.ok(), replies.ok() ? "" : replies.error().message.c_str());
        QCOMPARE(replies->size(), size_t(20000));
        for (int i = 0; i < 10000; ++i) {
            QVERIFY((*replies)[i].isStatus());
            QCOMPARE((*replies)[10000 + i].text(), std::to_string(i * 7));
        }
    }

    void keepsErrorRepliesInAPipelineInTheirPlace()
    {
        auto connection = test::connectTo(*m_server);
        QVERIFY(connection);
        QVERIFY(connection->command({"SET", "a-string", "x"}).ok());
        auto replies = connection->pipeline({{"PING"}, {"HGET", "a-string", "f"}, {"ECHO", "after"}});
        QVERIFY(replies.ok());
        QVERIFY((*replies)[1].isError());
        QVERIFY(QByteArray::fromStdString((*replies)[1].text()).startsWith("WRONGTYPE"));
        QCOMPARE((*replies)[2].text(), std::string("after"));
    }

    void roundTripsBinaryKeysAndValues()
    {
        auto connection = test::connectTo(*m_server);
        QVERIFY(connection);
        const std::string key("lock\0name\xff\xfe\r\n", 14);
        std::string value;
        for (int i = 0; i < 256; ++i)
            value += static_cast<char>(i);
        QVERIFY(connection->command({"SET", key, value}).ok());
        auto got = connection->command({"GET", key});
        QVERIFY(got.ok());
        QCOMPARE(got->text(), value);
        auto truncated = connection->command({"EXISTS", std::string("lock\0", 5)});
        QCOMPARE(truncated->integer(), 0LL);
    }

    void readOnlyConnectionRefusesWritesBeforeSendingThem()
    {
        ConnectionOptions options;
        options.readOnly = true;
        auto connection = test::connectTo(*m_server, options);
        QVERIFY(connection);
        auto refused = connection->command({"SET", "ro:key", "x"});
        QVERIFY(!refused.ok());
        QVERIFY(refused.error().kind == ErrorKind::ReadOnlyRefused);
        QVERIFY(QString::fromStdString(refused.error().message).contains("SET"));
        auto refusedInPipeline = connection->pipeline({{"GET", "ro:key"}, {"DEL", "ro:key"}});
        QVERIFY(!refusedInPipeline.ok());
        QVERIFY(connection->command({"GET", "ro:key"})->isNil()); // nothing reached the server
        auto monitor = test::connectTo(*m_server);
        QCOMPARE(monitor->command({"EXISTS", "ro:key"})->integer(), 0LL);
    }

    void logsInWithAnAclUser()
    {
        ConnectionOptions options;
        options.user = "reader";
        options.password = "readerpw";
        options.hasPassword = true;
        auto connection = test::connectTo(*m_aclServer, options);
        QVERIFY(connection);
        auto ping = connection->command({"PING"});
        QVERIFY(ping.ok());
        auto denied = connection->command({"GET", "other:key"});
        QVERIFY(!denied.ok());
        QVERIFY(denied.error().kind == ErrorKind::NoPermission);
    }

    void logsInWithAPasswordOnly()
    {
        ConnectionOptions options;
        options.password = "adminpw";
        options.hasPassword = true;
        auto connection = test::connectTo(*m_aclServer, options);
        QVERIFY(connection);
        QVERIFY(connection->command({"SET", "x", "y"}).ok());
    }

    void reportsAWrongPasswordAsAnAuthFailure()
    {
        ConnectionOptions options = test::optionsFor(*m_aclServer);
        options.user = "reader";
        options.password = "wrong";
        options.hasPassword = true;
        auto connection = RedisConnection::connect(options);
        QVERIFY(!connection.ok());
        QVERIFY(connection.error().kind == ErrorKind::AuthFailed);
        QVERIFY(QString::fromStdString(connection.error().message).contains("WRONGPASS"));
    }

    void reportsAMissingPasswordAsAnAuthFailure()
    {
        auto connection = RedisConnection::connect(test::optionsFor(*m_aclServer));
        QVERIFY(!connection.ok());
        QVERIFY(connection.error().kind == ErrorKind::AuthFailed);
    }

    void connectsOverAUnixSocket()
    {
        ConnectionOptions options;
        options.transport = ConnectionOptions::Transport::Unix;
        options.unixPath = m_server->unixSocketPath();
        auto connection = RedisConnection::connect(options);
        QVERIFY2(connection.ok(), connection.ok() ? "" : connection.error().message.c_str());
        QCOMPARE((*connection)->command({"ECHO", "over unix"})->text(), std::string("over unix"));
    }

    void refusedConnectionIsAClearError()
    {
        ConnectionOptions options;
        options.port = 1; // nothing listens on port 1 on loopback
        options.reconnect.budget = 0ms;
        auto connection = RedisConnection::connect(options);
        QVERIFY(!connection.ok());
        QVERIFY(connection.error().kind == ErrorKind::ConnectionRefused);
        QVERIFY(QString::fromStdString(connection.error().message).contains("127.0.0.1:1"));
    }

    void commandTimeoutIsATimeoutAndTheConnectionRecovers()
    {
        auto connection = test::connectTo(*m_server);
        QVERIFY(connection);
        auto blocked = connection->command({"BLPOP", "never-filled", "5"}, 200ms);
        QVERIFY(!blocked.ok());
        QVERIFY(blocked.error().kind == ErrorKind::Timeout);
        auto after = connection->command({"ECHO", "fresh"});
        QVERIFY(after.ok());
        QCOMPARE(after->text(), std::string("fresh"));
    }

    void aReplyOverTheSizeLimitIsAnErrorNotACrash()
    {
        auto writer = test::connectTo(*m_server);
        QVERIFY(writer);
        QVERIFY(writer->command({"SET", "big", std::string(2 * 1024 * 1024, 'z')}).ok());
        ConnectionOptions options;
        options.limits.maxReplyBytes = 1024 * 1024;
        auto reader = test::connectTo(*m_server, options);
        QVERIFY(reader);
        auto big = reader->command({"GET", "big"});
        QVERIFY(!big.ok());
        QVERIFY(big.error().kind == ErrorKind::ReplyTooLarge);
        QCOMPARE(reader->command({"STRLEN", "big"})->integer(), 2LL * 1024 * 1024);
    }

    void reconnectsAfterTheServerRestarts()
    {
        auto server = test::startServer();
        QVERIFY(server);
        ConnectionOptions options;
        options.database = 2;
        auto connection = test::connectTo(*server, options);
        QVERIFY(connection);
        QVERIFY(connection->command({"PING"}).ok());
        QVERIFY(server->restart().ok());
        auto afterRestart = connection->command({"SET", "after-restart", "1"});
        QVERIFY2(afterRestart.ok(), afterRestart.ok() ? "" : afterRestart.error().message.c_str());
        QCOMPARE(connection->reconnectCount(), 1);
        auto check = test::connectTo(*server);
        QVERIFY(check->command({"SELECT", "2"}).ok()); // SELECT was replayed on reconnect
        QCOMPARE(check->command({"GET", "after-restart"})->text(), std::string("1"));
    }

    void givesUpReconnectingWhenTheBudgetRunsOut()
    {
        auto server = test::startServer();
        QVERIFY(server);
        ConnectionOptions options;
        options.reconnect.budget = 300ms;
        auto connection = test::connectTo(*server, options);
        QVERIFY(connection);
        server->stop();
        auto failed = connection->command({"PING"});
        QVERIFY(!failed.ok());
        QVERIFY(failed.error().kind == ErrorKind::ConnectionRefused
            || failed.error().kind == ErrorKind::Disconnected);
    }

    void subscriptionReceivesPublishedMessagesOnADedicatedConnection()
    {
        auto subscriber = test::connectTo(*m_server);
        auto publisher = test::connectTo(*m_server);
        QVERIFY(subscriber && publisher);
        QVERIFY(subscriber->send({"SUBSCRIBE", "redisson_lock__channel:{demo}"}).ok());
        auto confirmation = subscriber->readReply(2000ms);
        QVERIFY(confirmation.ok());
        QCOMPARE(confirmation->at(0).text(), std::string("subscribe"));
        auto nothingYet = subscriber->readReply(50ms);
        QVERIFY(!nothingYet.ok() && nothingYet.error().kind == ErrorKind::Timeout);
        QCOMPARE(publisher->command({"PUBLISH", "redisson_lock__channel:{demo}", "0"})->integer(), 1LL);
        auto message = subscriber->readReply(2000ms);
        QVERIFY(message.ok());
        QCOMPARE(message->at(0).text(), std::string("message"));
        QCOMPARE(message->at(2).text(), std::string("0"));
    }
};

QTEST_GUILESS_MAIN(tst_RedisConnection)
#include "tst_RedisConnection.moc"
