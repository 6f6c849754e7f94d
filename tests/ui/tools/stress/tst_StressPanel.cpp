#include "base/ColorSchemePalette.h"
#include "base/GuiConnectionDefaults.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "support/WidgetTestHelpers.h"
#include "tools/stress/StressPanel.h"

#include <QtTest>

#include <QBarSeries>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>
#include <QTemporaryDir>

using namespace lockscope;
using namespace lockscope::ui;
using test::child;
using test::grabIfAsked;

namespace {

qreal barTotal(const QBarSeries* series)
{
    qreal total = 0;
    for (QBarSet* set : series->barSets()) {
        for (qsizetype i = 0; i < set->count(); ++i)
            total += set->at(i);
    }
    return total;
}

} // namespace

class tst_StressPanel : public test::RedisTestCase
{
    Q_OBJECT

    void configure(StressPanel& panel, const QString& kind, int clients, int seconds, int holdMs, int leaseMs)
    {
        panel.setConnection(
            test::optionsFor(*m_server, GuiConnectionDefaults::options()), QStringLiteral("test server"));
        auto* kinds = child<QComboBox>(panel, "kindCombo");
        kinds->setCurrentIndex(kinds->findData(kind));
        child<QSpinBox>(panel, "clientsSpin")->setValue(clients);
        child<QSpinBox>(panel, "durationSpin")->setValue(seconds);
        child<QSpinBox>(panel, "holdSpin")->setValue(holdMs);
        child<QSpinBox>(panel, "leaseSpin")->setValue(leaseMs);
    }

    static bool runToEnd(StressPanel& panel, int timeoutMs)
    {
        QSignalSpy finished(&panel, &StressPanel::runFinished);
        QTest::mouseClick(child<QPushButton>(panel, "startButton"), Qt::LeftButton);
        if (!panel.isRunning())
            return false;
        return finished.wait(timeoutMs);
    }

private Q_SLOTS:
    void aPauseDrillIsMarkedOnTheChartAndItsRejectedWritesCounted()
    {
        StressPanel panel;
        panel.resize(1200, 820);
        panel.show();
        configure(panel, QStringLiteral("token"), 3, 3, 5, 300);
        child<QCheckBox>(panel, "pauseDrillCheck")->setChecked(true);
        child<QSpinBox>(panel, "drillEverySpin")->setValue(10);
        QSignalSpy marked(&panel, &StressPanel::faultsInjected);
        QVERIFY(runToEnd(panel, 60000));
        grabIfAsked(panel, QStringLiteral("lockscope-stress-drills.png"));
        QVERIFY(panel.lastResult());
        const FaultReport& faults = panel.lastResult()->faults;
        QVERIFY(faults.injected.count("pause") == 1 && faults.injected.at("pause") >= 1);
        QVERIFY(panel.faultMarks()->count() >= 1);
        // Announced for the lock history as they happen: every fault once, with the drill.
        long long announced = 0;
        for (const auto& signal : marked) {
            announced += signal[0].toLongLong();
            QVERIFY(signal[1].toString().startsWith(QStringLiteral("pause")));
        }
        QCOMPARE(announced, faults.injected.at("pause"));
        // The paused holder wakes past its lease and writes after the next holder did: its
        // stale fence is refused, and the panel says how many were.
        QVERIFY(faults.writesRejected >= 1);
        auto* drills = child<QLabel>(panel, "drillsLabel");
        QVERIFY(drills->isVisible());
        QCOMPARE(drills->property("writesRejected").toLongLong(), faults.writesRejected);
        QCOMPARE(panel.lastResult()->violations, 0LL);
    }

    void aRestartDrillRunsOnAPrivateServerAndIsCounted()
    {
        StressPanel panel;
        panel.resize(1200, 820);
        panel.show();
        configure(panel, QStringLiteral("token"), 3, 3, 5, 2000);
        child<QCheckBox>(panel, "restartDrillCheck")->setChecked(true);
        child<QSpinBox>(panel, "drillEverySpin")->setValue(15);
        QSignalSpy marked(&panel, &StressPanel::faultsInjected);
        const long long keysBefore = m_redis->command({"DBSIZE"})->integer();
        QVERIFY(runToEnd(panel, 90000));
        QVERIFY(panel.lastResult());
        const FaultReport& faults = panel.lastResult()->faults;
        QVERIFY(faults.injected.count("restart") == 1 && faults.injected.at("restart") >= 1);
        QVERIFY(!marked.isEmpty());
        QVERIFY(marked.front()[1].toString().startsWith(QStringLiteral("restart")));
        // Fenced writes stay in order whatever the restarts lost.
        QCOMPARE(faults.writesOutOfOrder, 0LL);
        // The connected server was left alone: the run had a server of its own.
        QCOMPARE(m_redis->command({"DBSIZE"})->integer(), keysBefore);
    }

    void aFailoverDrillRunsOnItsOwnMasterReplicaAndSentinel()
    {
        StressPanel panel;
        panel.show();
        configure(panel, QStringLiteral("token"), 2, 4, 5, 2000);
        child<QCheckBox>(panel, "failoverDrillCheck")->setChecked(true);
        child<QSpinBox>(panel, "drillEverySpin")->setValue(15);
        QVERIFY(runToEnd(panel, 120000));
        QVERIFY2(panel.lastResult(), qPrintable(child<QLabel>(panel, "stateLabel")->text()));
        const FaultReport& faults = panel.lastResult()->faults;
        QVERIFY(faults.injected.count("failover") == 1 && faults.injected.at("failover") >= 1);
        QCOMPARE(faults.writesOutOfOrder, 0LL);
    }

    void startIsOfferedOnlyWithAConnection()
    {
        StressPanel panel;
        panel.show();
        grabIfAsked(panel, QStringLiteral("lockscope-stress-idle.png"));
        QVERIFY(!child<QPushButton>(panel, "startButton")->isEnabled());
        QVERIFY(child<QLabel>(panel, "targetLabel")->text().contains(QStringLiteral("Not connected")));
        panel.setConnection(test::optionsFor(*m_server), QStringLiteral("test server"));
        QVERIFY(child<QPushButton>(panel, "startButton")->isEnabled());
    }

    void theUnsafeKindIsLabelledSo()
    {
        StressPanel panel;
        auto* kinds = child<QComboBox>(panel, "kindCombo");
        const int naive = kinds->findData(QStringLiteral("naive"));
        QVERIFY(naive >= 0);
        QVERIFY(kinds->itemText(naive).contains(QStringLiteral("UNSAFE")));
        QVERIFY(
            !kinds->itemText(kinds->findData(QStringLiteral("token"))).contains(QStringLiteral("UNSAFE")));
    }

    void aShortRunShowsAcquisitionsAndChartPoints()
    {
        StressPanel panel;
        panel.show();
        configure(panel, QStringLiteral("token"), 2, 1, 1, 30000);
        QVERIFY(runToEnd(panel, 60000));
        QVERIFY(panel.lastResult());
        QVERIFY(panel.lastResult()->acquisitions > 0);
        QVERIFY(!panel.lastResult()->stoppedEarly);
        const QString shown = child<QLabel>(panel, "acquisitionsLabel")->text();
        QVERIFY2(!shown.startsWith(QLatin1Char('0')), qPrintable(shown));
        QVERIFY(panel.throughputSeries()->count() > 0);
        QVERIFY(panel.p50Series()->count() > 0);
        QCOMPARE(barTotal(panel.clientSeries()), static_cast<qreal>(panel.lastResult()->acquisitions));
        QVERIFY(barTotal(panel.histogramSeries()) > 0);
        QCOMPARE(child<QLabel>(panel, "violationsLabel")->property("violations").toLongLong(), 0LL);
        QVERIFY(child<QPushButton>(panel, "saveButton")->isEnabled());
        grabIfAsked(panel, QStringLiteral("lockscope-stress.png"));
        panel.setPalette(ColorSchemePalette::darkPalette());
        grabIfAsked(panel, QStringLiteral("lockscope-stress-dark.png"));
    }

    void stopEndsTheRunEarly()
    {
        StressPanel panel;
        configure(panel, QStringLiteral("token"), 2, 120, 1, 30000);
        QSignalSpy finished(&panel, &StressPanel::runFinished);
        QTest::mouseClick(child<QPushButton>(panel, "startButton"), Qt::LeftButton);
        auto* throughput = panel.throughputSeries();
        QTRY_VERIFY_WITH_TIMEOUT(throughput->count() > 0, 30000);
        QVERIFY(child<QPushButton>(panel, "stopButton")->isEnabled());
        QTest::mouseClick(child<QPushButton>(panel, "stopButton"), Qt::LeftButton);
        QVERIFY(finished.wait(30000));
        QVERIFY(!panel.isRunning());
        QVERIFY(panel.lastResult());
        QVERIFY(panel.lastResult()->stoppedEarly);
        QVERIFY(panel.lastResult()->elapsedSeconds < 120);
        QVERIFY(child<QPushButton>(panel, "startButton")->isEnabled());
    }

    void theNaiveKindShowsViolationsInRed()
    {
        StressPanel panel;
        panel.show();
        configure(panel, QStringLiteral("naive"), 6, 1, 50, 10);
        QVERIFY(runToEnd(panel, 60000));
        QVERIFY(panel.lastResult());
        auto* violations = child<QLabel>(panel, "violationsLabel");
        QVERIFY(violations->property("violations").toLongLong() > 0);
        QVERIFY2(violations->text().contains(QStringLiteral("violation")), qPrintable(violations->text()));
        QVERIFY(violations->styleSheet().contains(QStringLiteral("#c62828")));
        grabIfAsked(panel, QStringLiteral("lockscope-stress-naive.png"));
    }

    void fencingIsOfferedForTheKindsThatCanTurnItOff()
    {
        StressPanel panel;
        auto* fenced = child<QCheckBox>(panel, "fencedCheck");
        for (const char* kind : {"legacy", "naive", "semaphore", "redlock"}) {
            configure(panel, QString::fromLatin1(kind), 2, 1, 1, 30000);
            QVERIFY2(!fenced->isEnabled(), kind);
        }
        for (const char* kind : {"token", "reentrant", "fair", "read", "write"}) {
            configure(panel, QString::fromLatin1(kind), 2, 1, 1, 30000);
            QVERIFY2(fenced->isEnabled(), kind);
        }
    }

    void aReentrantRunWithoutTheFencingCounterLeavesNoCounterKey()
    {
        StressPanel panel;
        configure(panel, QStringLiteral("reentrant"), 2, 1, 1, 30000);
        auto* fenced = child<QCheckBox>(panel, "fencedCheck");
        fenced->setChecked(false);
        QVERIFY(run({"DEL", "redisson_lock_token:{lockscope:stress:0}"})); // left by fenced runs above
        QVERIFY(runToEnd(panel, 60000));
        QVERIFY(panel.lastResult());
        QVERIFY(!panel.lastResult()->fenced);
        QVERIFY(panel.lastResult()->acquisitions > 0);
        QCOMPARE(panel.lastResult()->violations, 0LL);
        auto counter = m_redis->command({"EXISTS", "redisson_lock_token:{lockscope:stress:0}"});
        QVERIFY(counter);
        QCOMPARE(counter->integer(), 0LL);
    }

    void aTokenRunWithoutTheFencingCounterLeavesNoCounterKey()
    {
        StressPanel panel;
        configure(panel, QStringLiteral("token"), 2, 1, 1, 30000);
        auto* fenced = child<QCheckBox>(panel, "fencedCheck");
        QVERIFY(fenced->isEnabled());
        fenced->setChecked(false);
        QVERIFY(run({"DEL", "lockscope:fence:{lockscope:stress:0}"})); // left by the fenced runs above
        QVERIFY(runToEnd(panel, 60000));
        QVERIFY(panel.lastResult());
        QVERIFY(!panel.lastResult()->fenced);
        QVERIFY(panel.lastResult()->acquisitions > 0);
        QCOMPARE(panel.lastResult()->violations, 0LL);
        auto counter = m_redis->command({"EXISTS", "lockscope:fence:{lockscope:stress:0}"});
        QVERIFY(counter);
        QCOMPARE(counter->integer(), 0LL);
    }

    void theResultIsSavedAsJson()
    {
        StressPanel panel;
        configure(panel, QStringLiteral("token"), 2, 1, 1, 30000);
        QVERIFY(runToEnd(panel, 60000));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("result.json"));
        QCOMPARE(panel.saveResult(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(json.value(QStringLiteral("kind")).toString(), QStringLiteral("token"));
        QCOMPARE(json.value(QStringLiteral("clients")).toInt(), 2);
        QCOMPARE(json.value(QStringLiteral("acquisitions")).toDouble(),
            static_cast<double>(panel.lastResult()->acquisitions));
        QCOMPARE(json.value(QStringLiteral("violations")).toInt(), 0);
    }
};

QTEST_MAIN(tst_StressPanel)
#include "tst_StressPanel.moc"
