#include "app/MainWindow.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "monitor/LockFilterProxyModel.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QTableView>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

// The row the view shows `name` in, or -1.
int shownRowOf(const QAbstractItemModel& shown, const QString& name)
{
    for (int row = 0; row < shown.rowCount(); ++row)
        if (shown.index(row, LockTableModel::NameColumn).data().toString() == name)
            return row;
    return -1;
}

} // namespace

// A lock's state follows the local countdown: once its lease is within a few seconds of the
// end it is "expiring", and the table sorted or filtered by state moves it there by itself,
// while Redis reports nothing new.
class tst_LockCountdown : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    void openAndWait(ConnectionController& controller, MainWindow& window)
    {
        window.show();
        controller.open(test::optionsFor(*m_server, GuiConnectionDefaults::options()));
        QTRY_COMPARE_WITH_TIMEOUT(window.monitor().status().state, MonitorStatus::State::Watching, 10000);
    }

    // A token lock whose lease ends in `ttlMs`.
    void setLock(const char* name, long long ttlMs)
    {
        QVERIFY(
            m_redis->command({"SET", name, "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", std::to_string(ttlMs)}));
    }

private Q_SLOTS:
    void init() { QVERIFY(m_redis->command({"FLUSHALL"})); }

    void sortedByStateALockMovesWhenItTurnsExpiringWithoutARedisUpdate()
    {
        ConnectionController controller;
        MainWindow window(controller);
        openAndWait(controller, window);
        LockMonitorView* view = window.monitorView();
        QAbstractItemModelTester tester(
            view->proxyModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view->table()->sortByColumn(LockTableModel::StateColumn, Qt::AscendingOrder); // held first

        // The short lock arrives first, so that among held locks it comes first.
        setLock("lock:short", 12000); // held for ~7 s, then expiring for ~5 s
        QTRY_COMPARE_WITH_TIMEOUT(view->lockModel()->rowCount(), 1, 5000);
        setLock("lock:long-a", 120000);
        setLock("lock:long-b", 120000);
        QTRY_COMPARE_WITH_TIMEOUT(view->lockModel()->rowCount(), 3, 5000);
        const QAbstractItemModel& shown = *view->table()->model();
        QCOMPARE(shownRowOf(shown, QStringLiteral("lock:short")), 0);

        QSignalSpy batches(&window.monitor(), &LockMonitorController::batchReady);
        QTRY_COMPARE_WITH_TIMEOUT(shownRowOf(shown, QStringLiteral("lock:short")), 2, 15000);
        QCOMPARE(shown.index(2, LockTableModel::StateColumn).data().toString(),
            LockTableModel::stateName(LockRecord::State::Expiring));
        QCOMPARE(batches.count(), 0); // nothing came from Redis: the countdown moved it
    }

    void filteredByStateALockAppearsWhenItTurnsExpiring()
    {
        ConnectionController controller;
        MainWindow window(controller);
        openAndWait(controller, window);
        LockMonitorView* view = window.monitorView();
        auto* states = window.findChild<QComboBox*>(QStringLiteral("stateFilter"));
        QVERIFY(states);
        states->setCurrentIndex(states->findData(int(LockRecord::State::Expiring)));

        setLock("lock:soon", 12000);
        setLock("lock:later", 120000);
        QTRY_COMPARE_WITH_TIMEOUT(view->lockModel()->rowCount(), 2, 5000);
        QCOMPARE(view->proxyModel()->rowCount(), 0);
        QSignalSpy batches(&window.monitor(), &LockMonitorController::batchReady);
        QTRY_COMPARE_WITH_TIMEOUT(view->proxyModel()->rowCount(), 1, 15000);
        QCOMPARE(view->proxyModel()->index(0, LockTableModel::NameColumn).data().toString(),
            QStringLiteral("lock:soon"));
        QCOMPARE(batches.count(), 0);
    }
};

QTEST_MAIN(tst_LockCountdown)
#include "tst_LockCountdown.moc"
