#include "redis/CommandPolicy.h"

#include <QtTest>

using namespace lockscope;

class tst_CommandPolicy : public QObject
{
    Q_OBJECT
private slots:
    void readsAreAllowed_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::newRow("get") << QStringList {"get", "k"};
        QTest::newRow("scan") << QStringList {"SCAN", "0"};
        QTest::newRow("pttl") << QStringList {"PTTL", "k"};
        QTest::newRow("hgetall") << QStringList {"HGETALL", "k"};
        QTest::newRow("client list") << QStringList {"CLIENT", "LIST"};
        QTest::newRow("config get") << QStringList {"config", "get", "notify-keyspace-events"};
        QTest::newRow("subscribe") << QStringList {"SUBSCRIBE", "ch"};
        QTest::newRow("eval_ro") << QStringList {"EVAL_RO", "return 1", "0"};
        // The last read-only subcommand of each container: the whole of every list is read
        // (under the sanitize preset, UBSan found these lists dangling; issue 15).
        QTest::newRow("cluster links") << QStringList {"CLUSTER", "LINKS"};
        QTest::newRow("command list") << QStringList {"COMMAND", "LIST"};
        QTest::newRow("object help") << QStringList {"OBJECT", "HELP"};
        QTest::newRow("memory malloc-stats") << QStringList {"MEMORY", "MALLOC-STATS"};
        QTest::newRow("sentinel info-cache") << QStringList {"SENTINEL", "INFO-CACHE"};
        QTest::newRow("acl getuser") << QStringList {"ACL", "GETUSER", "default"};
        QTest::newRow("script exists") << QStringList {"SCRIPT", "EXISTS", "0"};
        QTest::newRow("function stats") << QStringList {"FUNCTION", "STATS"};
        QTest::newRow("slowlog len") << QStringList {"SLOWLOG", "LEN"};
        QTest::newRow("latency histogram") << QStringList {"LATENCY", "HISTOGRAM"};
    }
    void readsAreAllowed()
    {
        QFETCH(QStringList, command);
        RedisCommand args;
        for (const auto& part : command)
            args.push_back(part.toStdString());
        QVERIFY(CommandPolicy::isReadOnly(args));
    }

    void writesAndUnknownsAreRefused_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::newRow("set") << QStringList {"SET", "k", "v"};
        QTest::newRow("del") << QStringList {"del", "k"};
        QTest::newRow("eval") << QStringList {"EVAL", "return 1", "0"};
        QTest::newRow("publish") << QStringList {"PUBLISH", "c", "0"};
        QTest::newRow("config set") << QStringList {"CONFIG", "SET", "x", "y"};
        QTest::newRow("client kill") << QStringList {"CLIENT", "KILL", "ID", "1"};
        QTest::newRow("bare client") << QStringList {"CLIENT"};
        QTest::newRow("flushall") << QStringList {"FLUSHALL"};
        QTest::newRow("unknown") << QStringList {"SOMEFUTURECOMMAND"};
        QTest::newRow("pexpire") << QStringList {"PEXPIRE", "k", "100"};
    }
    void writesAndUnknownsAreRefused()
    {
        QFETCH(QStringList, command);
        RedisCommand args;
        for (const auto& part : command)
            args.push_back(part.toStdString());
        QVERIFY(!CommandPolicy::isReadOnly(args));
    }
};

QTEST_GUILESS_MAIN(tst_CommandPolicy)
#include "tst_CommandPolicy.moc"
