#include "cli/CliRunner.h"
#include "cli/ExitCode.h"
#include "support/CliRun.h"
#include "support/RedisTestCase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <csignal>
#include <sstream>
#include <thread>

using namespace lockscope;
using test::CliRun;
using test::runCli;

namespace {

// The SIGINT disposition as an address (QtTest installs its own handler, so "not the default"
// does not tell whether the stress command has installed its one).
void* sigintDisposition()
{
    struct sigaction current
    {
    };
    sigaction(SIGINT, nullptr, &current);
    return (current.sa_flags & SA_SIGINFO) ? reinterpret_cast<void*>(current.sa_sigaction)
                                           : reinterpret_cast<void*>(current.sa_handler);
}
} // namespace

class tst_StressCommand : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void jsonHasEveryFieldWithSensibleValues()
    {
        auto run = runCli({"--url", m_server->url(), "stress", "--kind", "token", "--clients", "3", "--locks",
            "2", "--hold-ms", "1", "--think-ms", "1", "--duration", "1", "--prefix", "cli-json:", "--json"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QJsonParseError error;
        const auto document = QJsonDocument::fromJson(run.out.toUtf8(), &error);
        QVERIFY2(document.isObject(), qPrintable(error.errorString() + ": " + run.out));
        const auto json = document.object();
        for (const char* field : {"kind", "clients", "locks", "acquisitions", "ops_per_s", "acquire_p50_us",
                 "acquire_p99_us", "handoff_p50_us", "fairness_jain", "violations", "errors",
                 "cpu_us_per_acquisition", "per_client_acquisitions", "errors_by_type"})
            QVERIFY2(json.contains(field), field);
        QCOMPARE(json["kind"].toString(), QString("token"));
        QCOMPARE(json["fenced"].toBool(false), true);
        QCOMPARE(json["clients"].toInt(), 3);
        QCOMPARE(json["locks"].toInt(), 2);
        QVERIFY(json["acquisitions"].toDouble() > 0);
        QVERIFY(json["ops_per_s"].toDouble() > 0);
        QVERIFY(json["acquire_p50_us"].toDouble() <= json["acquire_p99_us"].toDouble());
        QVERIFY(json["fairness_jain"].toDouble() > 0);
        QVERIFY(json["fairness_jain"].toDouble() <= 1.0);
        QCOMPARE(json["violations"].toInt(), 0);
        QCOMPARE(json["errors"].toInt(), 0);
        QVERIFY(json["cpu_us_per_acquisition"].toDouble() > 0);
        QCOMPARE(json["per_client_acquisitions"].toArray().size(), 3);
    }

    void aTokenRunWithoutFencingLeavesNoCounterKeysAndStillExcludes()
    {
        auto run = runCli({"--url", m_server->url(), "stress", "--kind", "token", "--no-fence", "--clients",
            "4", "--locks", "1", "--hold-ms", "1", "--duration", "1", "--prefix", "cli-nofence:", "--json"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(json["fenced"].toBool(true), false);
        QVERIFY(json["acquisitions"].toDouble() > 0);
        QCOMPARE(json["violations"].toInt(), 0);
        auto counters = m_redis->command({"EXISTS", "lockscope:fence:{cli-nofence:0}"});
        QVERIFY(counters);
        QCOMPARE(counters->integer(), 0LL);
    }

    void aReentrantRunWithoutFencingLeavesNoCounterKeysAndStillExcludes()
    {
        auto run = runCli({"--url", m_server->url(), "stress", "--kind", "reentrant", "--no-fence",
            "--clients", "4", "--locks", "1", "--hold-ms", "1", "--duration", "1", "--prefix",
            "cli-nofence-reentrant:", "--json"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(json["kind"].toString(), QString("reentrant"));
        QCOMPARE(json["fenced"].toBool(true), false);
        QVERIFY(json["acquisitions"].toDouble() > 0);
        QCOMPARE(json["violations"].toInt(), 0);
        QCOMPARE(json["errors"].toInt(), 0);
        auto counters = m_redis->command({"EXISTS", "redisson_lock_token:{cli-nofence-reentrant:0}"});
        QVERIFY(counters);
        QCOMPARE(counters->integer(), 0LL);
    }

    void fencingCannotBeTurnedOffForTheSemaphoreOrRedlock_data()
    {
        QTest::addColumn<QStringList>("kindOptions");
        QTest::newRow("semaphore") << QStringList {"--kind", "semaphore", "--permits", "2"};
        QTest::newRow("redlock") << QStringList {"--kind", "redlock", "--nodes", "redis://127.0.0.1:1"};
    }

    void fencingCannotBeTurnedOffForTheSemaphoreOrRedlock()
    {
        QFETCH(QStringList, kindOptions);
        std::vector<std::string> args {"--url", m_server->url(), "stress"};
        for (const QString& option : kindOptions)
            args.push_back(option.toStdString());
        args.insert(args.end(), {"--no-fence", "--duration", "1"});
        auto run = runCli(args);
        QCOMPARE(run.code, int(ExitUsage));
        QVERIFY2(run.err.contains("fencing can be turned off for the token, reentrant, fair, read and write "
                                  "kinds only"),
            qPrintable(run.err));
    }

    void theLegacyKindHasNoFenceToTurnOff()
    {
        auto run = runCli(
            {"--url", m_server->url(), "stress", "--kind", "legacy", "--no-fence", "--duration", "1"});
        QCOMPARE(run.code, int(ExitUsage));
        QVERIFY2(run.err.contains("has no fence to turn off"), qPrintable(run.err));
    }

    void printsAReadableSummaryAndNoProgressWithoutATerminal()
    {
        auto run = runCli({"--url", m_server->url(), "stress", "--kind", "legacy", "--clients", "2",
            "--locks", "1", "--hold-ms", "1", "--duration", "1.5", "--prefix", "cli-text:"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains("acquisitions"), qPrintable(run.out));
        QVERIFY(run.out.contains("fairness (Jain)"));
        QVERIFY(run.out.contains("violations       0"));
        // Progress lines are for a terminal (tst_CliStreams); here stderr is a string.
        QVERIFY2(!run.err.contains(" acquisitions, "), qPrintable(run.err));
    }

    void theNaiveKindIsFlaggedAndItsViolationsReported()
    {
        auto run = runCli({"--url", m_server->url(), "stress", "--kind", "naive", "--clients", "6", "--locks",
            "1", "--hold-ms", "50", "--lease", "10", "--duration", "1", "--prefix", "cli-naive:", "--json"});
        QCOMPARE(run.code, 0); // violations are the expected finding for the unsafe kind
        QVERIFY(run.err.contains("UNSAFE"));
        const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QVERIFY2(json["violations"].toInt() > 0, qPrintable(run.out));
    }

    void sigintStopsTheRunAndPrintsThePartialResult()
    {
        void* const before = sigintDisposition();
        CliRun run;
        std::thread runner([&] {
            run = runCli({"--url", m_server->url(), "stress", "--kind", "token", "--clients", "2",
                "--hold-ms", "5", "--duration", "120", "--prefix", "cli-sigint:", "--json"});
        });
        QTRY_VERIFY_WITH_TIMEOUT(sigintDisposition() != before, 10000);
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        const auto sent = std::chrono::steady_clock::now();
        ::kill(::getpid(), SIGINT);
        runner.join();
        QVERIFY(std::chrono::steady_clock::now() - sent < std::chrono::seconds(10));
        QCOMPARE(run.code, 0);
        const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QVERIFY2(json["stopped_early"].toBool(), qPrintable(run.out));
        QVERIFY(json["elapsed_s"].toDouble() < 60);
        QCOMPARE(sigintDisposition(), before); // the previous disposition is back
    }

    void aRestartDrillOnTheSandboxWithItsDataKeepsTheTokenKindSafe()
    {
        auto run
            = runCli({"--sandbox", "stress", "--kind", "token", "--clients", "3", "--hold-ms", "5", "--lease",
                "1000", "--duration", "3", "--fault", "restart:persist=yes,every=10,count=1", "--json"});
        QVERIFY2(run.code == 0, qPrintable(run.err + run.out));
        const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        const auto faults = json["faults"].toObject();
        QCOMPARE(faults["injected_by_kind"].toObject()["restart"].toInt(), 1);
        QCOMPARE(faults["writes_out_of_order"].toInt(-1), 0);
        QCOMPARE(json["violations"].toInt(-1), 0);
        QVERIFY(json["acquisitions"].toInt() > 10);
    }

    void aRestartDrillOnTheSandboxWithoutItsDataLetsTheFenceRejectWrites()
    {
        // The restarted server forgot the lock and its counter: the next holders' fences start
        // again below what the resource has seen.
        auto run = runCli({"--sandbox", "stress", "--kind", "token", "--clients", "3", "--hold-ms", "300",
            "--lease", "5000", "--duration", "4", "--fault", "restart:persist=no,every=5,count=1", "--json"});
        QVERIFY2(run.code == 0 || run.code == 1, qPrintable(run.err + run.out));
        const auto faults = QJsonDocument::fromJson(run.out.toUtf8()).object()["faults"].toObject();
        QCOMPARE(faults["injected_by_kind"].toObject()["restart"].toInt(), 1);
        QVERIFY2(faults["writes_rejected"].toInt() > 0, qPrintable(run.out));
    }

    void theRestartAndFailoverDrillsNeedTheSandbox()
    {
        for (const char* fault : {"restart", "failover"}) {
            auto run = runCli({"--url", m_server->url(), "stress", "--duration", "1", "--fault", fault});
            QCOMPARE(run.code, int(ExitUsage));
            QVERIFY2(run.err.contains("--sandbox"), qPrintable(run.err));
        }
    }

    void aFailoverDrillOnTheSandboxWithWaitUsesNoUnconfirmedHold()
    {
        auto run = runCli({"--sandbox", "stress", "--kind", "token", "--clients", "2", "--hold-ms", "500",
            "--think-ms", "300", "--lease", "15000", "--duration", "8", "--fault", "failover:every=2",
            "--wait-replicas", "1", "--replica-timeout", "200", "--json"});
        QVERIFY2(run.code == 0, qPrintable(run.err + run.out));
        const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(json["faults"].toObject()["injected_by_kind"].toObject()["failover"].toInt(), 1);
        QCOMPARE(json["wait_replicas"].toInt(), 1);
        QVERIFY2(json["unconfirmed_acquires"].toInt() >= 1, qPrintable(run.out));
        QCOMPARE(json["violations"].toInt(-1), 0);
    }

    void badOptionsAreUsageErrors()
    {
        QCOMPARE(runCli({"--url", m_server->url(), "stress", "--clients", "0"}).code, int(ExitUsage));
        QCOMPARE(runCli({"--url", m_server->url(), "stress", "--kind", "nope", "--duration", "1"}).code,
            int(ExitUsage));
        QCOMPARE(runCli({"--url", m_server->url(), "stress", "--duration", "soon"}).code, int(ExitUsage));
        QCOMPARE(runCli({"--url", m_server->url(), "stress", "--bogus"}).code, int(ExitUsage));
        QCOMPARE(
            runCli({"--url", m_server->url(), "stress", "--kind", "redlock", "--wait-replicas", "1"}).code,
            int(ExitUsage));
    }
};

QTEST_GUILESS_MAIN(tst_StressCommand)
#include "tst_StressCommand.moc"
