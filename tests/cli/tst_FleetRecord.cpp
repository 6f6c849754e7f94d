#include "RecordProcess.h"
#include "sandbox/FreePort.h"
#include "support/CliRun.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <set>
#include <thread>

using namespace lockscope;
using test::LockFormats;
using test::RecordProcess;
using namespace std::chrono_literals;

namespace {

std::string nameOf(const RedisServerProcess& server)
{
    return "127.0.0.1:" + std::to_string(server.port());
}

// Waits until the sample of `series` on /metrics is exactly `value`.
bool waitForValue(int port, const std::string& series, double value, std::chrono::milliseconds timeout)
{
    const auto giveUp = std::chrono::steady_clock::now() + timeout;
    while (RecordProcess::sample(RecordProcess::fetchMetrics(port), series) != value) {
        if (std::chrono::steady_clock::now() > giveUp)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return true;
}

} // namespace

// `record` over two real redis-servers from one process: one /metrics whose lock series carry
// a server label and whose lockscope_connection_up says which server is reachable; one server
// killed never stops the recording of the other, and each server's history is its own database.
class tst_FleetRecord : public QObject
{
    Q_OBJECT

private slots:
    void recordsEveryServerAndSaysWhichIsDown()
    {
        auto a = test::startServer();
        auto b = test::startServer();
        QVERIFY(a && b);
        QTemporaryDir data;
        // The recorder's history goes to XDG_DATA_HOME/lockscope/history/<server>.sqlite.
        qputenv("XDG_DATA_HOME", data.path().toUtf8());
        const int port = pickFreePort();
        RecordProcess record({"--url", QString::fromStdString(a->url()), "--url",
            QString::fromStdString(b->url()), "record", "--metrics", QString("127.0.0.1:%1").arg(port)});
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("lock(s) now", 15s, 2), qPrintable(record.errorText()));
        const std::string serverA = "server=\"" + nameOf(*a) + "\"";
        const std::string serverB = "server=\"" + nameOf(*b) + "\"";
        QVERIFY(waitForValue(port, "lockscope_connection_up{" + serverA + "} ", 1, 15s));
        QVERIFY(waitForValue(port, "lockscope_connection_up{" + serverB + "} ", 1, 15s));

        auto writerA = test::connectTo(*a);
        auto writerB = test::connectTo(*b);
        QVERIFY(LockFormats::redissonLock(*writerA, "orders", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*writerB, "invoices", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(RecordProcess::waitForSample(
            port, "lockscope_lock_events_total{" + serverA + ",type=\"appeared\"} ", 1, 15s));
        QVERIFY(RecordProcess::waitForSample(
            port, "lockscope_lock_events_total{" + serverB + ",type=\"appeared\"} ", 1, 15s));
        const std::string metrics = RecordProcess::fetchMetrics(port);
        QVERIFY2(metrics.find("lockscope_locks{" + serverA + ",kind=\"reentrant\",library=\"Redisson\"")
                != std::string::npos,
            metrics.c_str());
        // Each family's header once, however many servers: promtool takes it without a complaint.
        QCOMPARE(QString::fromStdString(metrics).count("# TYPE lockscope_locks gauge"), 1);
        QProcess promtool;
        promtool.setProcessChannelMode(QProcess::MergedChannels);
        promtool.start(PROMTOOL, {"check", "metrics"});
        QVERIFY(promtool.waitForStarted(10000));
        promtool.write(QByteArray::fromStdString(metrics));
        promtool.closeWriteChannel();
        QVERIFY(promtool.waitForFinished(60000));
        QCOMPARE(promtool.exitCode(), 0);
        QVERIFY2(promtool.readAll().trimmed().isEmpty(), metrics.c_str());

        // B dies: it is said down, and A's changes are still recorded.
        b->kill();
        QVERIFY(waitForValue(port, "lockscope_connection_up{" + serverB + "} ", 0, 15s));
        QVERIFY(writerA->command({"DEL", "orders"}).ok());
        QVERIFY(RecordProcess::waitForSample(
            port, "lockscope_lock_events_total{" + serverA + ",type=\"released\"} ", 1, 15s));
        QCOMPARE(RecordProcess::sample(
                     RecordProcess::fetchMetrics(port), "lockscope_connection_up{" + serverA + "} "),
            1.0);
        QVERIFY2(record.errorText().contains(QString::fromStdString(nameOf(*b)) + ": "),
            qPrintable(record.errorText()));
        QCOMPARE(record.terminate(), 0);

        // One database per server: A's has its hold, and not B's lock.
        const std::map<std::string, std::string> environment {{"XDG_DATA_HOME", data.path().toStdString()}};
        auto historyA = test::runCli({"history", "orders", "--profile", nameOf(*a)}, environment);
        QCOMPARE(historyA.code, 0);
        QVERIFY2(historyA.out.contains("released"), qPrintable(historyA.out + historyA.err));
        auto wrongServer = test::runCli({"history", "invoices", "--profile", nameOf(*a)}, environment);
        QVERIFY2(wrongServer.out.startsWith("no holds of invoices"), qPrintable(wrongServer.out));
        auto historyB = test::runCli({"history", "invoices", "--profile", nameOf(*b)}, environment);
        QCOMPARE(historyB.code, 0);
        QVERIFY2(historyB.out.contains("(" + QString::fromStdString(nameOf(*b)) + ")"),
            qPrintable(historyB.out + historyB.err));
    }

    void recordsAFleetIntoOneSqliteFileEachRowNamingItsServer()
    {
        auto a = test::startServer();
        auto b = test::startServer();
        QVERIFY(a && b);
        QTemporaryDir data;
        const std::string db = data.filePath("team.sqlite").toStdString();
        RecordProcess record({"--url", QString::fromStdString(a->url()), "--url",
            QString::fromStdString(b->url()), "record", "--db", QString::fromStdString(db)});
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("lock(s) now", 15s, 2), qPrintable(record.errorText()));
        auto writerA = test::connectTo(*a);
        auto writerB = test::connectTo(*b);
        QVERIFY(LockFormats::redissonLock(*writerA, "orders", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*writerB, "orders", LockFormats::clientA, 2, 30000).ok());
        // Both holds are in the one file, each naming its server as `list --json` does.
        std::set<std::string> servers;
        const auto giveUp = std::chrono::steady_clock::now() + 15s;
        while (servers.size() < 2 && std::chrono::steady_clock::now() < giveUp) {
            std::this_thread::sleep_for(200ms);
            auto history = test::runCli({"history", "orders", "--db", db, "--since", "1h", "--json"});
            QCOMPARE(history.code, 0);
            servers.clear();
            for (const auto hold : QJsonDocument::fromJson(history.out.toUtf8()).object()["holds"].toArray())
                servers.insert(hold.toObject()["server"].toString().toStdString());
        }
        QCOMPARE(servers, (std::set<std::string> {nameOf(*a), nameOf(*b)}));
        auto list = test::runCli({"--url", a->url(), "list", "--json"});
        QCOMPARE(list.code, 0);
        QCOMPARE(QJsonDocument::fromJson(list.out.toUtf8()).array().first().toObject()["server"].toString(),
            QString::fromStdString(nameOf(*a)));

        // B dies: its gap names it; A goes on.
        b->kill();
        QVERIFY(record.waitForError("trying again with backoff", 15s));
        QVERIFY(writerA->command({"DEL", "orders"}).ok());
        QCOMPARE(record.terminate(), 0);
        auto history = test::runCli({"history", "orders", "--db", db, "--since", "1h", "--json"});
        QCOMPARE(history.code, 0);
        const QJsonObject answer = QJsonDocument::fromJson(history.out.toUtf8()).object();
        bool releasedOnA = false;
        for (const auto hold : answer["holds"].toArray())
            releasedOnA |= hold.toObject()["server"].toString() == QString::fromStdString(nameOf(*a))
                && hold.toObject()["ending"].toString() == "released";
        QVERIFY2(releasedOnA, qPrintable(history.out));
        bool gapOfB = false;
        for (const auto gap : answer["gaps"].toArray())
            gapOfB |= gap.toObject()["server"].toString() == QString::fromStdString(nameOf(*b));
        QVERIFY2(gapOfB, qPrintable(history.out));
    }

    void refusesRecordsProfileForSeveralServers()
    {
        auto run = test::runCli(
            {"--url", "redis://127.0.0.1:1", "--url", "redis://127.0.0.1:2", "record", "--profile", "x"});
        QCOMPARE(run.code, 64);
        QVERIFY2(run.err.contains("a fleet records into --db"), qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(tst_FleetRecord)
#include "tst_FleetRecord.moc"
