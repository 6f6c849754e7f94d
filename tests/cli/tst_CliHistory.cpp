#include "RecordProcess.h"
#include "core/history/HistoryTestEvents.h"
#include "history/HistoryRecorder.h"
#include "sandbox/FreePort.h"
#include "support/CliRun.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace lockscope;
using test::LockFormats;
using test::RecordProcess;
using namespace std::chrono_literals;

namespace {
QJsonObject historyJson(const std::string& lock, const std::string& db)
{
    auto run = test::runCli({"history", lock, "--db", db, "--since", "1h", "--json"});
    if (run.code != 0)
        qWarning("history: %s", qPrintable(run.err));
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}
} // namespace

// `record` in a real process against the suite's redis-server and one of its own that goes away;
// `history` in-process on what it wrote.
class tst_CliHistory : public test::RedisTestCase
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string file(const char* name) { return m_dir.filePath(name).toStdString(); }

    QStringList recordArguments(const std::string& url, const std::string& db, const QStringList& more = {})
    {
        return QStringList {
                   "--url", QString::fromStdString(url), "record", "--db", QString::fromStdString(db)}
        + more;
    }

private slots:
    void init() { QVERIFY(m_redis->command({"FLUSHALL"}).ok()); }

    void recordWritesTheHoldsThatHistoryShows()
    {
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        const auto db = file("record.sqlite");
        const int port = pickFreePort();
        RecordProcess record(recordArguments(m_server->url(), db, {"--metrics", QString(":%1").arg(port)}));
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("lock(s) now", 15s), qPrintable(record.errorText()));
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders:42", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(
            RecordProcess::waitForSample(port, "lockscope_lock_events_total{type=\"appeared\"} ", 1, 15s));
        QVERIFY(m_redis->command({"DEL", "orders:42"}).ok());
        // Once the metrics have counted the release, SIGTERM must not lose it (it may still
        // be in the unflushed batch).
        QVERIFY(
            RecordProcess::waitForSample(port, "lockscope_lock_events_total{type=\"released\"} ", 1, 15s));
        QCOMPARE(record.terminate(), 0);
        const auto history = historyJson("orders:42", db);
        const auto holds = history["holds"].toArray();
        QCOMPARE(holds.size(), 1);
        QCOMPARE(
            holds[0].toObject()["holder"].toString(), QString::fromStdString(LockFormats::clientA + ":1"));
        QCOMPARE(holds[0].toObject()["ending"].toString(), QString("released"));
    }

    void aPollingRecordSaysSoInTheHistory()
    {
        const auto db = file("polling.sqlite");
        RecordProcess record(recordArguments(m_server->url(), db, {"--polling", "--poll", "300"}));
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("lock(s) now", 15s), qPrintable(record.errorText()));
        QVERIFY(LockFormats::redissonLock(*m_redis, "polled", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(m_redis->command({"DEL", "polled"}).ok());
        QCOMPARE(record.terminate(), 0);
        const auto polling = historyJson("polled", db)["polling"].toArray();
        QCOMPARE(polling.size(), 1);
        QCOMPARE(polling[0].toObject()["interval_ms"].toInt(), 300);
        QVERIFY(!polling[0].toObject()["ended_ms"].isNull()); // ended when record stopped
        auto text = test::runCli({"history", "polled", "--db", db, "--since", "1h"});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("polling every 300 ms from "), qPrintable(text.out));
    }

    void redisGoingAwayIsAGapAndRecordReconnects()
    {
        auto server = test::startServer();
        QVERIFY(server);
        auto writer = test::connectTo(*server);
        QVERIFY(writer);
        QVERIFY(writer->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        QVERIFY(LockFormats::redissonLock(*writer, "batch", LockFormats::clientA, 1, 600000).ok());
        const auto db = file("gap.sqlite");
        RecordProcess record(recordArguments(server->url(), db));
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("1 lock(s) now", 15s), qPrintable(record.errorText()));
        server->stop(); // the lock goes with it (no persistence)
        QVERIFY2(record.waitForError("trying again with backoff", 15s), qPrintable(record.errorText()));
        QVERIFY(server->restart().ok());
        QVERIFY2(record.waitForError("0 lock(s) now", 30s), qPrintable(record.errorText()));
        QCOMPARE(record.terminate(), 0);
        const auto history = historyJson("batch", db);
        const auto holds = history["holds"].toArray();
        QCOMPARE(holds.size(), 1);
        QCOMPARE(holds[0].toObject()["ending"].toString(), QString("lost")); // not a fake release
        const auto gaps = history["gaps"].toArray();
        QCOMPARE(gaps.size(), 1);
        QVERIFY(!gaps[0].toObject()["ended_ms"].isNull());
        QCOMPARE(holds[0].toObject()["ended_ms"].toDouble(), gaps[0].toObject()["started_ms"].toDouble());
    }

    void recordRaisesAnAlertCountsItAndHistoryListsIt()
    {
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        const auto db = file("alerts.sqlite");
        const int port = pickFreePort();
        RecordProcess record(recordArguments(
            m_server->url(), db, {"--alert-held", "1", "--metrics", QString(":%1").arg(port)}));
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("lock(s) now", 15s), qPrintable(record.errorText()));
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders:7", LockFormats::clientA, 1, 60000).ok());
        QVERIFY2(record.waitForError("alert: orders:7", 15s), qPrintable(record.errorText()));
        QVERIFY(
            RecordProcess::waitForSample(port, "lockscope_alerts_total{rule=\"held-too-long\"} ", 1, 15s));
        QCOMPARE(record.terminate(), 0);
        const auto alerts = historyJson("orders:7", db)["alerts"].toArray();
        QCOMPARE(alerts.size(), 1);
        QCOMPARE(alerts[0].toObject()["rule"].toString(), QString("held-too-long"));
        QVERIFY2(alerts[0].toObject()["detail"].toString().contains("limit 1000 ms"),
            qPrintable(alerts[0].toObject()["detail"].toString()));
    }

    void recordRaisesAlertsWithoutAHistoryDatabase()
    {
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        const QString db = m_dir.filePath("not-ours.sqlite");
        {
            QFile out(db);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray(4096, '\x07'));
        }
        RecordProcess record(recordArguments(m_server->url(), db.toStdString(), {"--alert-held", "1"}));
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("lock(s) now", 15s), qPrintable(record.errorText()));
        QVERIFY2(record.errorText().contains("watching without history"), qPrintable(record.errorText()));
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders:8", LockFormats::clientA, 1, 60000).ok());
        QVERIFY2(record.waitForError("alert: orders:8", 15s), qPrintable(record.errorText()));
        QCOMPARE(record.terminate(), 0);
    }

    void aCorruptDatabaseLeavesTheWatchRunningWithoutHistory()
    {
        const QString db = m_dir.filePath("corrupt.sqlite");
        const QByteArray garbage(4096, '\x07');
        {
            QFile out(db);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(garbage);
        }
        const int port = pickFreePort();
        RecordProcess record(
            recordArguments(m_server->url(), db.toStdString(), {"--metrics", QString(":%1").arg(port)}));
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("lock(s) now", 15s), qPrintable(record.errorText()));
        QVERIFY2(record.errorText().contains("watching without history"), qPrintable(record.errorText()));
        const auto metrics = RecordProcess::fetchMetrics(port);
        QCOMPARE(RecordProcess::sample(metrics, "lockscope_redis_connected "), 1.0);
        QCOMPARE(RecordProcess::sample(metrics, "lockscope_history_recording "), 0.0);
        QCOMPARE(record.terminate(), 0);
        QFile in(db);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QCOMPARE(in.readAll(), garbage);
    }

    void historyTakesTheNameLaravelsCacheLockWasGiven()
    {
        // Cache::lock('reports:monthly') in a Laravel app named "Laravel", recorded by `record`.
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        const std::string key = "laravel_database_laravel_cache:reports:monthly";
        const auto db = file("laravel.sqlite");
        const int port = pickFreePort();
        RecordProcess record(recordArguments(m_server->url(), db, {"--metrics", QString(":%1").arg(port)}));
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("lock(s) now", 15s), qPrintable(record.errorText()));
        QVERIFY(LockFormats::laravelLock(*m_redis, key).ok());
        QVERIFY(
            RecordProcess::waitForSample(port, "lockscope_lock_events_total{type=\"appeared\"} ", 1, 15s));
        QCOMPARE(record.terminate(), 0);
        const auto byName = historyJson("reports:monthly", db);
        QCOMPARE(byName["lock"].toString(), QString::fromStdString(key));
        QCOMPARE(byName["name"].toString(), QString("reports:monthly"));
        QCOMPARE(byName["holds"].toArray().size(), 1);
        const auto byKey = historyJson(key, db);
        QCOMPARE(byKey["holds"].toArray().size(), 1);
        const auto hold = byName["holds"].toArray()[0].toObject();
        QCOMPARE(byKey["holds"].toArray()[0].toObject()["started_ms"], hold["started_ms"]);
        QCOMPARE(hold["name"].toString(), QString("reports:monthly"));
        QCOMPARE(hold["library"].toString(), QString("Laravel"));
        auto text = test::runCli({"history", "reports:monthly", "--db", db, "--since", "1h"});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.startsWith(QString::fromStdString("reports:monthly is " + key + "\n")),
            qPrintable(text.out));
    }

    void aNameThatFitsLocksOfTwoKeysIsRefusedWithTheCandidates()
    {
        const auto db = file("two-prefixes.sqlite");
        const long long now = QDateTime::currentMSecsSinceEpoch();
        {
            auto recorder = HistoryRecorder::open(db, {}, now - 60000);
            QVERIFY(recorder);
            using Type = LockEvent::Type;
            for (const char* key : {"laravel_database_laravel_cache:reports:monthly",
                     "billing_database_billing_cache_reports:monthly"})
                QVERIFY((*recorder)
                            ->record(test::namedLockEvent(
                                Type::Appeared, key, "reports:monthly", {"t"}, now - 50000))
                            .ok());
            QVERIFY((*recorder)->close(now).ok());
        }
        auto run = test::runCli({"history", "reports:monthly", "--db", db});
        QCOMPARE(run.code, 64);
        QVERIFY2(run.err.contains("2 recorded locks are named reports:monthly"), qPrintable(run.err));
        QVERIFY2(run.err.contains("laravel_database_laravel_cache:reports:monthly on 127.0.0.1:6390")
                && run.err.contains("billing_database_billing_cache_reports:monthly on 127.0.0.1:6390"),
            qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
        auto byKey = test::runCli({"history", "billing_database_billing_cache_reports:monthly", "--db", db});
        QCOMPARE(byKey.code, 0);
    }

    void historyShowsTheLeagueTables()
    {
        const auto db = file("league.sqlite");
        const long long now = QDateTime::currentMSecsSinceEpoch();
        {
            auto recorder = HistoryRecorder::open(db, {}, now - 60000);
            QVERIFY(recorder);
            using Type = LockEvent::Type;
            QVERIFY((*recorder)->record(test::lockEvent(Type::Appeared, "crashy", {"C"}, now - 50000)).ok());
            QVERIFY((*recorder)->record(test::lockEvent(Type::Expired, "crashy", {"C"}, now - 20000)).ok());
            QVERIFY((*recorder)->record(test::lockEvent(Type::Appeared, "fine", {"F"}, now - 50000)).ok());
            QVERIFY((*recorder)->record(test::lockEvent(Type::Released, "fine", {"F"}, now - 49000)).ok());
            QVERIFY((*recorder)->close(now).ok());
        }
        auto expired = test::runCli({"history", "--top", "expired", "--db", db});
        QCOMPARE(expired.code, 0);
        QVERIFY2(expired.out.startsWith(
                     "1. crashy (reentrant, Redisson) on 127.0.0.1:6390: 1 hold(s), longest 30.000 s"),
            qPrintable(expired.out));
        QVERIFY(!expired.out.contains("fine"));
        auto held = test::runCli({"history", "--top", "held", "--db", db, "--json"});
        QCOMPARE(held.code, 0);
        const auto locks = QJsonDocument::fromJson(held.out.toUtf8()).object()["locks"].toArray();
        QCOMPARE(locks.size(), 2);
        QCOMPARE(locks[0].toObject()["lock"].toString(), QString("crashy"));
        QCOMPARE(locks[1].toObject()["longest_hold_ms"].toInt(), 1000);
    }

    void historyOfAFileThatIsNotThereSaysSo()
    {
        auto run = test::runCli({"history", "x", "--db", file("missing.sqlite")});
        QVERIFY(run.code != 0);
        QVERIFY2(run.err.contains("missing.sqlite"), qPrintable(run.err));
        QVERIFY(!QFile::exists(m_dir.filePath("missing.sqlite")));
    }

    void historyNeedsANameOrALeague()
    {
        auto run = test::runCli({"history", "--db", file("any.sqlite")});
        QCOMPARE(run.code, 64);
        QVERIFY(run.err.contains("needs a lock NAME or --top"));
        auto bad = test::runCli({"history", "x", "--since", "yesterday"});
        QCOMPARE(bad.code, 64);
        QVERIFY(bad.err.contains("'yesterday' is not a time"));
    }
};

QTEST_GUILESS_MAIN(tst_CliHistory)
#include "tst_CliHistory.moc"
