#include "cli/CliRunner.h"
#include "cli/ExitCode.h"
#include "demo/DemoCatalog.h"
#include "locks/LockFactory.h"
#include "support/RedisTestCase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <sstream>

using namespace lockscope;

class tst_DemoScenarios : public test::RedisTestCase
{
    Q_OBJECT

    // Plays a scenario headless and checks that its expected outcome happened.
    void expectOutcome(const std::string& name)
    {
        auto scenario = DemoCatalog::find(name);
        QVERIFY(scenario);
        for (const auto& kind : scenario->requiredKinds()) {
            if (!LockFactory::find(kind))
                QSKIP(qPrintable(QString::fromStdString("lock kind '" + std::string(lockAlgorithmName(kind))
                    + "' is not in this build's LockFactory yet (it comes with the Redisson kinds)")));
        }
        DemoTimeline timeline;
        DemoContext context;
        context.connection = options();
        context.keyPrefix = "demo-test:" + name + ":";
        auto outcome = scenario->run(context, timeline);
        QVERIFY2(outcome, outcome ? "" : outcome.error().message.c_str());
        QVERIFY2(outcome->asExpected, (outcome->verdict.english() + "\n" + timeline.toText()).c_str());
        QVERIFY(!timeline.steps().empty());
    }

private slots:
    void naiveRaceShowsTheDoubleAcquisition()
    {
        expectOutcome("naive-race");
        // The story of Redis's SETNX page: both contenders' SETNX after DEL succeed.
        DemoTimeline timeline;
        DemoContext context;
        context.connection = options();
        QVERIFY(DemoCatalog::find("naive-race")->run(context, timeline));
        const auto text = QString::fromStdString(timeline.toText());
        QVERIFY(text.contains("C3      crashed holding the lock"));
        QVERIFY(text.contains(QRegularExpression("C1      SETNX \\S+lock.foo \\d+ -> 0")));
        QVERIFY(text.contains(QRegularExpression("C2      SETNX \\S+lock.foo \\d+ -> 1")));
        QVERIFY(text.contains("1 overlaps"));
    }

    void getsetRecoveryHasExactlyOneWinner() { expectOutcome("getset-recovery"); }

    void aCrashedTokenHolderFreesTheLockAfterItsLease() { expectOutcome("token-crash"); }

    void fencingRejectsTheStaleWriteThatCorruptsWithoutIt() { expectOutcome("fencing"); }

    void theWatchdogKeepsALongJobAndFreesTheLockOfADeadHolder() { expectOutcome("watchdog"); }

    void unfairLocksStarveWaitersAndFairLocksServeThemInOrder() { expectOutcome("fair-vs-unfair"); }

    void redlockNeedsAMajorityOfFiveNodes() { expectOutcome("redlock"); }

    void aFailoverLosesTheLockAndWaitForTheReplicaKeepsIt() { expectOutcome("failover"); }

    void theCliListsTheScenariosAndPlaysOneByNumber()
    {
        std::ostringstream out;
        std::ostringstream err;
        QCOMPARE(CliRunner::run({"--url", m_server->url(), "demo", "--list"}, {}, out, err), int(ExitOk));
        const auto list = QString::fromStdString(out.str());
        for (const auto& scenario : DemoCatalog::all())
            QVERIFY(list.contains(QString::fromStdString(std::string(scenario->name()))));
        QCOMPARE(DemoCatalog::all().size(), size_t(8));

        std::ostringstream played;
        QCOMPARE(CliRunner::run({"--url", m_server->url(), "demo", "1"}, {}, played, err), int(ExitOk));
        const auto text = QString::fromStdString(played.str());
        QVERIFY2(text.contains("as expected"), qPrintable(text));
        QVERIFY(text.contains(QRegularExpression("\\[\\+\\s*\\d+\\.\\d{3} s\\] C1")));
    }

    void theCliPlaysAScenarioAsJson()
    {
        std::ostringstream out;
        std::ostringstream err;
        QCOMPARE(
            CliRunner::run({"--url", m_server->url(), "demo", "1", "--json"}, {}, out, err), int(ExitOk));
        QJsonParseError error;
        const auto played = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(played["scenario"].toString(),
            QString::fromStdString(std::string(DemoCatalog::all()[0]->name())));
        QCOMPARE(played["as_expected"].toBool(), true);
        QVERIFY(!played["steps"].toArray().isEmpty());
        QVERIFY(played["steps"].toArray()[0].toObject().contains("actor"));
    }

    void theCliPlaysTheFailoverStoryHeadless()
    {
        // It starts its own master, replica and sentinel, whatever the connection.
        std::ostringstream out;
        std::ostringstream err;
        QCOMPARE(CliRunner::run({"--url", m_server->url(), "demo", "failover"}, {}, out, err), int(ExitOk));
        const auto text = QString::fromStdString(out.str());
        QVERIFY2(text.contains("as expected"), qPrintable(text + QString::fromStdString(err.str())));
        QVERIFY2(text.contains("rejected (fence not above the highest seen)"), qPrintable(text));
        QVERIFY2(text.contains("refused: the new master has C1's lock"), qPrintable(text));
    }

    void theCliRefusesUnknownScenarios()
    {
        std::ostringstream out;
        std::ostringstream err;
        QCOMPARE(CliRunner::run({"--url", m_server->url(), "demo", "nope"}, {}, out, err), int(ExitUsage));
        QCOMPARE(CliRunner::run({"--url", m_server->url(), "demo"}, {}, out, err), int(ExitUsage));
    }
};

QTEST_GUILESS_MAIN(tst_DemoScenarios)
#include "tst_DemoScenarios.moc"
