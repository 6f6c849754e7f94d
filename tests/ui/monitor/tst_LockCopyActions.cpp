#include "app/MainWindow.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "monitor/LockDetailPane.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QTableView>

using namespace lockscope;
using namespace lockscope::ui;

// "Copy Lock Name" and "Copy Lock Details" (Lock menu, context menu, Ctrl+C in the table): what
// lands on the clipboard for a lock read from a real server.
class tst_LockCopyActions : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    LockId keyOf(const QString& name) const
    {
        return LockId(0, "127.0.0.1:" + std::to_string(m_server->port()), name.toStdString());
    }

    // A window on the test server with the lock `name` selected.
    void openWithSelected(ConnectionController& controller, MainWindow& window, const QString& name)
    {
        window.show();
        controller.open(test::optionsFor(*m_server, GuiConnectionDefaults::options()));
        QTRY_COMPARE_WITH_TIMEOUT(window.monitor().status().state, MonitorStatus::State::Watching, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.monitorView()->lockModel()->rowOf(keyOf(name)) >= 0, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);
        QVERIFY(window.monitorView()->selectLock(keyOf(name)));
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_redis->command({"FLUSHALL"}));
        QGuiApplication::clipboard()->clear();
    }

    void copyNamePutsTheLockNameOnTheClipboard()
    {
        QVERIFY(
            test::LockFormats::redissonLock(*m_redis, "orders:eu", test::LockFormats::uuidV4(), 7, 60000));
        ConnectionController controller;
        MainWindow window(controller);
        openWithSelected(controller, window, QStringLiteral("orders:eu"));
        LockMonitorView* view = window.monitorView();
        QVERIFY(view->copyNameAction()->isEnabled());
        view->copyNameAction()->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("orders:eu"));
    }

    void ctrlCInTheTableCopiesTheName()
    {
        QVERIFY(m_redis->command({"SET", "lock:ctrl-c", "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", "60000"}));
        ConnectionController controller;
        MainWindow window(controller);
        openWithSelected(controller, window, QStringLiteral("lock:ctrl-c"));
        QTableView* table = window.monitorView()->table();
        table->setFocus();
        QTest::keySequence(table, QKeySequence::Copy);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("lock:ctrl-c"));
    }

    void copyDetailsPutsTheHolderTtlAndKeysOnTheClipboard()
    {
        const std::string uuid = test::LockFormats::uuidV4();
        QVERIFY(test::LockFormats::redissonLock(*m_redis, "payments", uuid, 42, 90000));
        ConnectionController controller;
        MainWindow window(controller);
        openWithSelected(controller, window, QStringLiteral("payments"));
        LockMonitorView* view = window.monitorView();
        // The pane reads the keys' contents when the lock is selected: copy once they are in.
        QTRY_VERIFY_WITH_TIMEOUT(
            view->detailPane()->plainDetails().contains(QStringLiteral("hash, TTL")), 10000);
        QVERIFY(view->copyDetailsAction()->isEnabled());
        view->copyDetailsAction()->trigger();
        const QString details = QGuiApplication::clipboard()->text();
        QVERIFY2(details.startsWith(QStringLiteral("payments")), qPrintable(details));
        QVERIFY2(details.contains(QString::fromStdString(uuid)), qPrintable(details)); // the holder
        QVERIFY2(details.contains(QStringLiteral("thread: 42")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("TTL: 1 min")), qPrintable(details)); // of 90 s
        // The key behind the lock, its type and its raw value (the holder field and its count).
        QVERIFY2(details.contains(QStringLiteral("Redis keys\npayments\nhash, TTL")), qPrintable(details));
        QVERIFY2(details.contains(QString::fromStdString(uuid) + QStringLiteral(":42")), qPrintable(details));
    }

    void ctrlShiftCCopiesTheDetails()
    {
        QVERIFY(m_redis->command({"SET", "lock:details", "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", "60000"}));
        ConnectionController controller;
        MainWindow window(controller);
        openWithSelected(controller, window, QStringLiteral("lock:details"));
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTableView* table = window.monitorView()->table();
        table->setFocus();
        QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        const QString details = QGuiApplication::clipboard()->text();
        QVERIFY2(details.startsWith(QStringLiteral("lock:details")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("f81d4fae7dec11d0a76500a0c91e6bf6")), qPrintable(details));
    }

    void theCopyActionsAreOffWithoutASelection()
    {
        QVERIFY(m_redis->command({"SET", "lock:none", "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", "60000"}));
        ConnectionController controller;
        MainWindow window(controller);
        openWithSelected(controller, window, QStringLiteral("lock:none"));
        LockMonitorView* view = window.monitorView();
        view->table()->clearSelection();
        QVERIFY(!view->copyNameAction()->isEnabled());
        QVERIFY(!view->copyDetailsAction()->isEnabled());
        QGuiApplication::clipboard()->setText(QStringLiteral("unchanged"));
        view->copyNameAction()->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("unchanged"));
    }
};

QTEST_MAIN(tst_LockCopyActions)
#include "tst_LockCopyActions.moc"
