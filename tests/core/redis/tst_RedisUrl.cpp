#include "redis/RedisUrl.h"

#include <QtTest>

using namespace lockscope;

class tst_RedisUrl : public QObject
{
    Q_OBJECT
private slots:
    void plainHostAndPortAndDatabase()
    {
        auto options = parseRedisUrl("redis://cache.example:6380/3");
        QVERIFY(options.ok());
        QCOMPARE(options->host, std::string("cache.example"));
        QCOMPARE(options->port, 6380);
        QCOMPARE(options->database, 3);
        QVERIFY(!options->tls.enabled);
    }

    void defaultsPortTo6379AndDatabaseTo0()
    {
        auto options = parseRedisUrl("redis://localhost");
        QVERIFY(options.ok());
        QCOMPARE(options->port, 6379);
        QCOMPARE(options->database, 0);
    }

    void userAndPasswordArePercentDecoded()
    {
        auto options = parseRedisUrl("redis://ops%40team:p%3Ass%2Fw@10.0.0.1:7000");
        QVERIFY(options.ok());
        QCOMPARE(options->user, std::string("ops@team"));
        QCOMPARE(options->password, std::string("p:ss/w"));
        QVERIFY(options->hasPassword);
    }

    void passwordOnlyHasEmptyUser()
    {
        auto options = parseRedisUrl("redis://:secret@host");
        QVERIFY(options.ok());
        QVERIFY(options->user.empty());
        QCOMPARE(options->password, std::string("secret"));
    }

    void redissEnablesTlsWithVerification()
    {
        auto options = parseRedisUrl("rediss://secure.example:6390");
        QVERIFY(options.ok());
        QVERIFY(options->tls.enabled);
        QVERIFY(options->tls.verifyPeer);
    }

    void ipv6HostInBrackets()
    {
        auto options = parseRedisUrl("redis://[::1]:6400");
        QVERIFY(options.ok());
        QCOMPARE(options->host, std::string("::1"));
        QCOMPARE(options->port, 6400);
    }

    void unixSocketWithDatabase()
    {
        auto options = parseRedisUrl("unix:///run/redis/redis.sock?db=2");
        QVERIFY(options.ok());
        QVERIFY(options->transport == ConnectionOptions::Transport::Unix);
        QCOMPARE(options->unixPath, std::string("/run/redis/redis.sock"));
        QCOMPARE(options->database, 2);
    }

    void sentinelUrlListsSentinelsAndMaster()
    {
        auto options = parseRedisUrl("redis+sentinel://s1:26379,s2:26380,[::1]/mymaster/4");
        QVERIFY(options.ok());
        QVERIFY(options->topology == ConnectionOptions::Topology::Sentinel);
        QCOMPARE(options->sentinels.size(), size_t(3));
        QCOMPARE(options->sentinels[1].port, 26380);
        QCOMPARE(options->sentinels[2].port, 26379);
        QCOMPARE(options->sentinelMaster, std::string("mymaster"));
        QCOMPARE(options->database, 4);
    }

    void malformedUrlsAreUsageErrors_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("no scheme") << "localhost:6379"
                                   << "no scheme";
        QTest::newRow("unknown scheme") << "http://localhost"
                                        << "unknown URL scheme";
        QTest::newRow("port not a number") << "redis://host:abc"
                                           << "invalid port";
        QTest::newRow("port out of range") << "redis://host:70000"
                                           << "invalid port";
        QTest::newRow("port zero") << "redis://host:0"
                                   << "invalid port";
        QTest::newRow("empty port") << "redis://host:"
                                    << "invalid port";
        QTest::newRow("no host") << "redis://:6379"
                                 << "missing host";
        QTest::newRow("db not a number") << "redis://host/x"
                                         << "invalid database";
        QTest::newRow("negative db") << "redis://host/-1"
                                     << "invalid database";
        QTest::newRow("bad escape") << "redis://u:%zz@host"
                                    << "percent escape";
        QTest::newRow("truncated escape") << "redis://u:%4@host"
                                          << "percent escape";
        QTest::newRow("relative unix path") << "unix://redis.sock"
                                            << "absolute socket path";
        QTest::newRow("unknown unix param") << "unix:///tmp/r.sock?foo=1"
                                            << "unknown unix URL parameter";
        QTest::newRow("unterminated ipv6") << "redis://[::1:6379"
                                           << "unterminated";
        QTest::newRow("sentinel without master") << "redis+sentinel://s1:26379"
                                                 << "master name";
        QTest::newRow("query on tcp") << "redis://host/0?x=1"
                                      << "query parameters";
    }

    void malformedUrlsAreUsageErrors()
    {
        QFETCH(QString, url);
        QFETCH(QString, messagePart);
        auto options = parseRedisUrl(url.toStdString());
        QVERIFY(!options.ok());
        QVERIFY(options.error().kind == ErrorKind::Usage);
        QVERIFY2(QString::fromStdString(options.error().message).contains(messagePart),
            options.error().message.c_str());
    }

    void whatIsWrongWithAUrlIsATextToTranslate()
    {
        const UserText problem = redisUrlProblem("redis://host:70000");
        QCOMPARE(problem.context(), std::string_view("RedisUrl"));
        QCOMPARE(problem.pattern(), std::string_view("invalid port '%1' (expected 1-65535)"));
        QCOMPARE(problem.english(), parseRedisUrl("redis://host:70000").error().message);
        QVERIFY(redisUrlProblem("redis://host:6379/2").empty());
    }
};

QTEST_GUILESS_MAIN(tst_RedisUrl)
#include "tst_RedisUrl.moc"
