#include "core/history/HistoryTestEvents.h"
#include "history/AlertEvaluator.h"
#include "history/HistoryQuery.h"
#include "history/HistoryRecorder.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace lockscope;
using test::lockEvent;
using Rule = LockAlert::Rule;

namespace {
HoldRecord openHold(const std::string& lock, const std::string& holder, long long startedMs)
{
    HoldRecord hold;
    hold.lock = lock;
    hold.node = "127.0.0.1:6390";
    hold.holder = holder;
    hold.startedMs = startedMs;
    return hold;
}
} // namespace

// Alerts as data: which fire when, which stay active, and how one is kept in the history.
class tst_AlertEvaluator : public QObject
{
    Q_OBJECT

private slots:
    void heldTooLongFiresOnceWhileTheHoldLasts()
    {
        AlertEvaluator alerts({60000, false, std::nullopt, false});
        const std::vector<HoldRecord> holds {openHold("report", "A", 0)};
        QVERIFY(alerts.evaluate({}, holds, 30000).empty());
        auto fired = alerts.evaluate({}, holds, 61000);
        QCOMPARE(fired.size(), size_t(1));
        QCOMPARE(fired[0].rule, Rule::HeldTooLong);
        QCOMPARE(fired[0].holder, std::string("A"));
        QCOMPARE(fired[0].detail(), std::string("held 61000 ms by A (limit 60000 ms)"));
        QVERIFY(alerts.evaluate({}, holds, 70000).empty()); // the same alert, not a new one
        QCOMPARE(alerts.active().size(), size_t(1));
        QCOMPARE(alerts.active()[0].atMs, 61000LL);
        QCOMPARE(alerts.active()[0].observed, 70000LL);
        QVERIFY(alerts.evaluate({}, {}, 80000).empty()); // released: the alert ends
        QVERIFY(alerts.active().empty());
    }

    void stuckLocksAndTooManyWaitersFire()
    {
        AlertEvaluator alerts({std::nullopt, true, 5, true});
        LockSnapshot stuck = lockEvent(LockEvent::Type::Changed, "stuck", {"A"}, 0).lock;
        stuck.stuck = true;
        LockSnapshot busy = lockEvent(LockEvent::Type::Changed, "busy", {"B"}, 0, 1, 6).lock;
        LockSnapshot calm = lockEvent(LockEvent::Type::Changed, "calm", {"C"}, 0, 1, 5).lock;
        auto fired = alerts.evaluate({stuck, busy, calm}, {}, 1000);
        QCOMPARE(fired.size(), size_t(2));
        QCOMPARE(fired[0].rule, Rule::Stuck);
        QCOMPARE(fired[0].lock, std::string("stuck"));
        QCOMPARE(fired[1].rule, Rule::TooManyWaiters);
        QCOMPARE(fired[1].lock, std::string("busy"));
        QCOMPARE(fired[1].detail(), std::string("6 waiters (limit 5)"));
    }

    void rulesThatAreOffStaySilent()
    {
        AlertEvaluator alerts({std::nullopt, false, std::nullopt, false});
        LockSnapshot stuck = lockEvent(LockEvent::Type::Changed, "stuck", {"A"}, 0, 1, 50).lock;
        stuck.stuck = true;
        QVERIFY(alerts.evaluate({stuck}, {openHold("stuck", "A", 0)}, 86400000).empty());
        QVERIFY(!alerts.forceReleased("127.0.0.1:6390", "stuck", 1000));
        AlertEvaluator on({});
        QCOMPARE(on.forceReleased("127.0.0.1:6390", "stuck", 1000)->rule, Rule::ForceReleased);
    }

    void aFiredAlertIsKeptInTheHistory()
    {
        QTemporaryDir dir;
        const auto path = dir.filePath("alerts.sqlite").toStdString();
        auto recorder = HistoryRecorder::open(path, {}, 1000);
        QVERIFY(recorder);
        QVERIFY((*recorder)->record(lockEvent(LockEvent::Type::Appeared, "report", {"A"}, 1000)).ok());
        AlertEvaluator alerts({60000, true, std::nullopt, true});
        const auto fired = alerts.evaluate({}, (*recorder)->openHolds(), 62000);
        QCOMPARE(fired.size(), size_t(1));
        const auto& alert = fired[0];
        QVERIFY((*recorder)
                    ->recordAlert(alert.node, alert.lock, std::string(LockAlert::ruleName(alert.rule)),
                        alert.detail(), alert.atMs)
                    .ok());
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto kept = query->alerts({0, 100000});
        QVERIFY(kept);
        QCOMPARE(kept->size(), size_t(1));
        QCOMPARE((*kept)[0].lock, std::string("report"));
        QCOMPARE((*kept)[0].rule, std::string("held-too-long"));
        QCOMPARE((*kept)[0].detail, std::string("held 61000 ms by A (limit 60000 ms)"));
        QCOMPARE((*kept)[0].atMs, 62000LL);
    }
};

QTEST_GUILESS_MAIN(tst_AlertEvaluator)
#include "tst_AlertEvaluator.moc"
