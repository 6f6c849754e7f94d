#include "support/CliRun.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <atomic>
#include <sstream>
#include <thread>

using namespace lockscope;
using test::LockFormats;

// `watch` runs until N events: a background thread keeps re-entering a lock (one change per
// re-entry) until the command has printed what it was asked for.
class tst_CliWatch : public test::RedisTestCase
{
    Q_OBJECT

    test::CliRun watchUntilDone(std::vector<std::string> args)
    {
        args.insert(args.begin(), {"--url", m_server->url(), "watch"});
        std::atomic<bool> done {false};
        test::CliRun run;
        std::thread cli([&] {
            run = test::runCli(args);
            done = true;
        });
        auto writer = test::connectTo(*m_server);
        const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!done && std::chrono::steady_clock::now() < giveUp) {
            (void)LockFormats::redissonLock(*writer, "busy", LockFormats::clientA, 1, 30000);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        cli.join(); // a hang here is a failure of the test's timeout
        return run;
    }

private slots:
    void init() { QVERIFY(m_redis->command({"FLUSHALL"}).ok()); }

    void printsOneJsonObjectPerChange()
    {
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        auto run = watchUntilDone({"--json", "--max-events", "2"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.contains("keyspace notifications"), qPrintable(run.err));
        std::istringstream lines(run.out.toStdString());
        std::string line;
        int count = 0;
        while (std::getline(lines, line)) {
            ++count;
            const auto event = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
            QVERIFY(event["event"].toString() == "appeared" || event["event"].toString() == "changed");
            QCOMPARE(event["lock"].toObject()["name"].toString(), QString("busy"));
        }
        QCOMPARE(count, 2);
    }

    void saysItPollsWhenNotificationsAreOff()
    {
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", ""}).ok());
        auto run = watchUntilDone({"--poll", "100", "--max-events", "1"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.contains("polling every 100 ms"), qPrintable(run.err));
        // Each line starts with when the change happened (ISO 8601, UTC).
        QVERIFY2(run.out.contains(QRegularExpression(
                     "^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z (appeared|changed) busy ")),
            qPrintable(run.out));
    }
};

QTEST_GUILESS_MAIN(tst_CliWatch)
#include "tst_CliWatch.moc"
