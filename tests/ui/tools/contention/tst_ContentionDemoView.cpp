#include "base/GuiConnectionDefaults.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "support/WidgetTestHelpers.h"
#include "tools/contention/ContentionDemoView.h"
#include "tools/contention/DemoStage.h"
#include "tools/contention/TimelinePlayer.h"

#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>

using namespace lockscope;
using namespace lockscope::ui;
using test::child;
using test::grabIfAsked;

class tst_ContentionDemoView : public test::RedisTestCase
{
    Q_OBJECT

    bool runScenario(ContentionDemoView& view, const QString& scenario)
    {
        view.setConnection(
            test::optionsFor(*m_server, GuiConnectionDefaults::options()), QStringLiteral("test server"));
        if (!view.selectScenario(scenario))
            return false;
        QSignalSpy finished(&view, &ContentionDemoView::runFinished);
        QTest::mouseClick(child<QPushButton>(view, "runButton"), Qt::LeftButton);
        return view.isRunning() && finished.wait(120000);
    }

private Q_SLOTS:
    void offersTheEightScenarios()
    {
        ContentionDemoView view;
        view.show();
        grabIfAsked(view, QStringLiteral("lockscope-demo-idle.png"));
        QCOMPARE(child<QComboBox>(view, "scenarioCombo")->count(), 8);
        QVERIFY(!child<QPushButton>(view, "runButton")->isEnabled());
    }

    void getsetRecoveryShowsItsNarrationAndVerdict()
    {
        ContentionDemoView view;
        view.show();
        QVERIFY(runScenario(view, QStringLiteral("getset-recovery")));
        QVERIFY(view.outcome());
        QTest::mouseClick(child<QPushButton>(view, "endButton"), Qt::LeftButton);
        auto* narration = child<QListWidget>(view, "narrationList");
        const int steps = static_cast<int>(view.player().steps().size());
        QVERIFY(steps > 5);
        QCOMPARE(narration->count(), steps);
        QVERIFY(narration->item(1)->text().contains(QStringLiteral("C3")));
        auto* verdict = child<QLabel>(view, "verdictLabel");
        QCOMPARE(verdict->property("asExpected").toBool(), true);
        QVERIFY2(verdict->text().contains(QStringLiteral("exactly one")), qPrintable(verdict->text()));
        // The staged crash stays visible: C3 is drawn crashed.
        QCOMPARE(view.stage().stateOf(QStringLiteral("C3")), DemoStage::ClientState::Crashed);
        grabIfAsked(view, QStringLiteral("lockscope-demo.png"));
    }

    void everyScenarioShowsItsVerdictInTheView_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const char* name : {"naive-race", "getset-recovery", "token-crash", "fencing", "watchdog",
                 "fair-vs-unfair", "redlock"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void everyScenarioShowsItsVerdictInTheView()
    {
        QFETCH(QString, scenario);
        ContentionDemoView view;
        view.show();
        QVERIFY(runScenario(view, scenario));
        QTest::mouseClick(child<QPushButton>(view, "endButton"), Qt::LeftButton);
        auto* verdict = child<QLabel>(view, "verdictLabel");
        QVERIFY2(verdict->property("asExpected").isValid(), qPrintable(verdict->text()));
        // Starvation under the unfair kind depends on scheduling: on a loaded machine the greedy
        // client sometimes takes only a third (tst_DemoScenarios judges that story's outcome).
        if (scenario != QLatin1String("fair-vs-unfair"))
            QVERIFY2(verdict->property("asExpected").toBool(), qPrintable(verdict->text()));
        QVERIFY(!view.stage().clients().isEmpty());
        grabIfAsked(view, QStringLiteral("lockscope-demo-%1.png").arg(scenario));
        // And the story a third from its end, for people looking at the pictures.
        const int steps = static_cast<int>(view.player().steps().size());
        while (view.player().shown() > steps * 2 / 3)
            view.player().stepBack();
        grabIfAsked(view, QStringLiteral("lockscope-demo-%1-middle.png").arg(scenario));
    }

    void theStageDrawsWhatEachStepDidWhateverItsWords()
    {
        // The same words on every step: only the steps' actions can tell the stage what happened.
        auto step = [](const char* actor, DemoAction action) {
            DemoTimeline::Step made;
            made.actor = actor;
            made.action = action;
            made.text = UserText::verbatim("something happened");
            return made;
        };
        const std::vector<DemoTimeline::Step> steps {step("C1", DemoAction::Acquire),
            step("C2", DemoAction::Wait), step("C1", DemoAction::Crash), step("C2", DemoAction::Acquire),
            step("C3", DemoAction::Refuse)};
        DemoStage stage;
        stage.showSteps(steps, 2);
        QCOMPARE(stage.holders(), QStringList {QStringLiteral("C1")});
        QCOMPARE(stage.stateOf(QStringLiteral("C2")), DemoStage::ClientState::Waiting);
        stage.showSteps(steps, 3);
        QCOMPARE(stage.stateOf(QStringLiteral("C1")), DemoStage::ClientState::Crashed);
        QVERIFY(stage.holders().isEmpty());
        stage.showSteps(steps, 5);
        QCOMPARE(stage.holders(), QStringList {QStringLiteral("C2")});
        QCOMPARE(stage.stateOf(QStringLiteral("C3")), DemoStage::ClientState::Refused);
        QCOMPARE(
            stage.clients(), QStringList({QStringLiteral("C1"), QStringLiteral("C2"), QStringLiteral("C3")}));
    }

    void theNaiveRaceIsDrawnWithTwoHoldersAtOnce()
    {
        ContentionDemoView view;
        view.show();
        QVERIFY(runScenario(view, QStringLiteral("naive-race")));
        view.player().pause();
        view.player().restart();
        view.player().pause();
        int mostHolders = 0;
        while (view.player().shown() < static_cast<int>(view.player().steps().size())) {
            QTest::mouseClick(child<QPushButton>(view, "stepButton"), Qt::LeftButton);
            mostHolders = std::max<int>(mostHolders, static_cast<int>(view.stage().holders().size()));
            if (view.stage().holders().size() == 2) {
                grabIfAsked(view, QStringLiteral("lockscope-demo-naive.png"));
                break;
            }
        }
        QCOMPARE(mostHolders, 2);
        QCOMPARE(view.stage().holders(), QStringList({QStringLiteral("C1"), QStringLiteral("C2")}));
    }

    void stepAndBackChangeTheDisplayedStep()
    {
        ContentionDemoView view;
        QVERIFY(runScenario(view, QStringLiteral("2")));
        auto* narration = child<QListWidget>(view, "narrationList");
        auto* position = child<QLabel>(view, "positionLabel");
        QTest::mouseClick(child<QPushButton>(view, "endButton"), Qt::LeftButton);
        const int last = view.player().shown();
        const QString atEnd = position->text();
        QTest::mouseClick(child<QPushButton>(view, "backButton"), Qt::LeftButton);
        QCOMPARE(view.player().shown(), last - 1);
        QCOMPARE(narration->count(), last - 1);
        QCOMPARE(narration->currentRow(), last - 2);
        QVERIFY(position->text() != atEnd);
        // Before the end, the verdict waits for the replay.
        QVERIFY(!child<QLabel>(view, "verdictLabel")->property("asExpected").isValid());
        QTest::mouseClick(child<QPushButton>(view, "stepButton"), Qt::LeftButton);
        QCOMPARE(view.player().shown(), last);
        QCOMPARE(position->text(), atEnd);
    }

    void pauseHoldsTheReplayWherePlayResumesIt()
    {
        ContentionDemoView view;
        QVERIFY(runScenario(view, QStringLiteral("getset-recovery")));
        auto* play = child<QPushButton>(view, "playButton");
        // Replay from the start, fast, then pause.
        child<QComboBox>(view, "speedCombo")
            ->setCurrentIndex(child<QComboBox>(view, "speedCombo")->count() - 1);
        view.player().restart();
        QTRY_VERIFY_WITH_TIMEOUT(view.player().shown() >= 2, 10000);
        if (view.player().isPlaying())
            QTest::mouseClick(play, Qt::LeftButton);
        QVERIFY(!view.player().isPlaying());
        const int paused = view.player().shown();
        QTest::qWait(800);
        QCOMPARE(view.player().shown(), paused);
        QTest::mouseClick(play, Qt::LeftButton);
        QVERIFY(view.player().isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(view.player().shown() > paused, 10000);
    }
};

QTEST_MAIN(tst_ContentionDemoView)
#include "tst_ContentionDemoView.moc"
