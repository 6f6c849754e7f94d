#include "RecordProcess.h"
#include "sandbox/FreePort.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <httplib.h>

#include <csignal>
#include <set>
#include <thread>

using namespace lockscope;
using test::LockFormats;
using test::RecordProcess;
using namespace std::chrono_literals;

namespace {
const QString alertRules = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/packaging/prometheus/lockscope-alerts.yml");
const QString dashboard = QStringLiteral(LOCKSCOPE_SOURCE_DIR "/packaging/grafana/lockscope-dashboard.json");

// Runs `program` with `input` on standard input; its exit code (-1 if it did not finish), and
// what it printed in `output`.
int runTool(const QString& program, const QStringList& arguments, const QByteArray& input, QString& output)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForStarted(10000))
        return -1;
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished(5000);
        return -1;
    }
    output = QString::fromUtf8(process.readAll());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}
} // namespace

// /metrics of a real `record` process: its text passes `promtool check metrics`, the shipped
// alert rules pass `promtool check rules` and name only metrics it serves, and a real
// Prometheus server started here scrapes it.
class tst_MetricsEndpoint : public test::RedisTestCase
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_port = 0;
    std::unique_ptr<RecordProcess> m_record;

    void initSuite() override
    {
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        m_port = pickFreePort();
        m_record = std::make_unique<RecordProcess>(
            QStringList {"--url", QString::fromStdString(m_server->url()), "record", "--db",
                m_dir.filePath("metrics.sqlite"), "--metrics", QString("127.0.0.1:%1").arg(m_port)});
        QVERIFY(m_record->started());
        QVERIFY2(m_record->waitForError("lock(s) now", 15s), qPrintable(m_record->errorText()));
        // One hold that ends, so the histogram and the counters have something in them.
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders:42", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(
            RecordProcess::waitForSample(m_port, "lockscope_lock_events_total{type=\"appeared\"} ", 1, 15s));
        QVERIFY(m_redis->command({"DEL", "orders:42"}).ok());
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders:\"43\"\n", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(RecordProcess::waitForSample(m_port, "lockscope_hold_duration_seconds_count ", 1, 15s));
        QVERIFY(
            RecordProcess::waitForSample(m_port, "lockscope_lock_events_total{type=\"appeared\"} ", 2, 15s));
    }

    void cleanupSuite() override
    {
        if (m_record)
            QCOMPARE(m_record->terminate(), 0);
    }

    std::set<QString> servedMetricNames()
    {
        std::set<QString> names;
        const auto text = QString::fromStdString(RecordProcess::fetchMetrics(m_port));
        for (const auto& line : text.split('\n')) {
            if (line.startsWith("# TYPE "))
                names.insert(line.section(' ', 2, 2));
        }
        return names;
    }

    // The metric families an expression refers to (histogram series folded to the family).
    static std::set<QString> namesIn(const QString& expression)
    {
        std::set<QString> names;
        static const QRegularExpression name("lockscope_[a-z_]+");
        for (auto it = name.globalMatch(expression); it.hasNext();) {
            QString found = it.next().captured(0);
            for (const char* suffix : {"_bucket", "_sum", "_count"}) {
                if (found.endsWith(suffix) && found.startsWith("lockscope_hold_duration_seconds"))
                    found.chop(static_cast<int>(strlen(suffix)));
            }
            names.insert(found);
        }
        return names;
    }

private slots:
    void theScrapePassesPromtoolCheckMetrics()
    {
        const auto metrics = RecordProcess::fetchMetrics(m_port);
        QVERIFY(!metrics.empty());
        QCOMPARE(RecordProcess::sample(metrics, "lockscope_hold_duration_seconds_count "), 1.0);
        QVERIFY(
            QString::fromStdString(metrics).contains("lockscope_hold_duration_seconds_bucket{le=\"0.05\"} "));
        QCOMPARE(
            RecordProcess::sample(metrics, "lockscope_holds_completed_total{ending=\"released\"} "), 1.0);
        QVERIFY2(QString::fromStdString(metrics).contains(
                     "lockscope_locks{kind=\"reentrant\",library=\"Redisson\""),
            metrics.c_str());
        QString output;
        QCOMPARE(runTool(PROMTOOL, {"check", "metrics"}, QByteArray::fromStdString(metrics), output), 0);
        QVERIFY2(output.trimmed().isEmpty(), qPrintable(output)); // no lint complaints either
    }

    void theWatchersLagAndSkippedNotificationsAreServed()
    {
        // A quiet server: nothing skipped, and the watcher's own lag is a number of seconds.
        const auto metrics = RecordProcess::fetchMetrics(m_port);
        QCOMPARE(RecordProcess::sample(metrics, "lockscope_notifications_skipped_total "), 0.0);
        QVERIFY(RecordProcess::sample(metrics, "lockscope_watch_lag_seconds ") >= 0.0);
        QVERIFY(servedMetricNames().count("lockscope_watch_lag_seconds"));
    }

    void theShippedAlertRulesPassPromtoolAndUseServedMetrics()
    {
        QString output;
        QCOMPARE(runTool(PROMTOOL, {"check", "rules", alertRules}, {}, output), 0);
        QVERIFY2(output.contains("SUCCESS: 7 rules found"), qPrintable(output));
        QFile rules(alertRules);
        QVERIFY(rules.open(QIODevice::ReadOnly));
        const auto served = servedMetricNames();
        for (const auto& name : namesIn(QString::fromUtf8(rules.readAll())))
            QVERIFY2(served.count(name), qPrintable(name + " is not served"));
    }

    void theGrafanaDashboardQueriesServedMetrics()
    {
        QFile file(dashboard);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const auto document = QJsonDocument::fromJson(file.readAll(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const auto served = servedMetricNames();
        int expressions = 0;
        for (const auto& panel : document.object()["panels"].toArray()) {
            for (const auto& target : panel.toObject()["targets"].toArray()) {
                const auto expression = target.toObject()["expr"].toString();
                ++expressions;
                QVERIFY2(!namesIn(expression).empty(), qPrintable(expression));
                for (const auto& name : namesIn(expression))
                    QVERIFY2(served.count(name), qPrintable(name + " is not served"));
            }
        }
        QVERIFY(expressions >= 8);
    }

    void aPrometheusServerScrapesRecord()
    {
        // A real Prometheus on a free loopback port with a temporary configuration and data
        // directory, scraping every second; stopped by its PID. Bounded: 60 s at most.
        QTemporaryDir data;
        const int port = pickFreePort();
        QFile config(data.filePath("prometheus.yml"));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(QString("global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: lockscope\n"
                             "    static_configs:\n      - targets: ['127.0.0.1:%1']\n")
                         .arg(m_port)
                         .toUtf8());
        config.close();
        QProcess prometheus;
        prometheus.setProcessChannelMode(QProcess::MergedChannels);
        prometheus.start(PROMETHEUS,
            {"--config.file=" + config.fileName(), "--storage.tsdb.path=" + data.filePath("tsdb"),
                QString("--web.listen-address=127.0.0.1:%1").arg(port), "--log.level=warn"});
        QVERIFY(prometheus.waitForStarted(10000));
        httplib::Client client("127.0.0.1", port);
        client.set_connection_timeout(1);
        QString value;
        const auto giveUp = std::chrono::steady_clock::now() + 60s;
        while (value != "1" && std::chrono::steady_clock::now() < giveUp
            && prometheus.state() == QProcess::Running) {
            std::this_thread::sleep_for(500ms);
            auto response = client.Get("/api/v1/query?query=lockscope_redis_connected");
            if (!response || response->status != 200)
                continue;
            const auto result = QJsonDocument::fromJson(QByteArray::fromStdString(response->body))
                                    .object()["data"]
                                    .toObject()["result"]
                                    .toArray();
            if (!result.isEmpty())
                value = result[0].toObject()["value"].toArray()[1].toString();
        }
        const bool wasRunning = prometheus.state() == QProcess::Running;
        ::kill(static_cast<pid_t>(prometheus.processId()), SIGTERM);
        if (!prometheus.waitForFinished(15000)) {
            prometheus.kill();
            prometheus.waitForFinished(5000);
        }
        QVERIFY2(wasRunning, qPrintable(QString::fromUtf8(prometheus.readAll())));
        QCOMPARE(value, QString("1"));
    }
};

QTEST_GUILESS_MAIN(tst_MetricsEndpoint)
#include "tst_MetricsEndpoint.moc"
