// Go to Lock (Ctrl+G): a lock is found by the name its library gives it or by its Redis key; a
// name several locks share lists them to choose from. The Redis Key column from the header's menu.
#include "app/MainWindow.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "monitor/LockFilterProxyModel.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "monitor/goto/LockGoToDialog.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QTableView>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

const QString laravel8 = QStringLiteral("laravel_database_laravel_cache:reports:monthly");
const QString laravel11 = QStringLiteral("laravel_database_laravel_cache_reports:monthly");

} // namespace

class tst_LockGoTo : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    LockId keyOf(const QString& name) const
    {
        return LockId(0, "127.0.0.1:" + std::to_string(m_server->port()), name.toStdString());
    }

    // A window on the test server once it lists `count` locks.
    void openAndWait(ConnectionController& controller, MainWindow& window, int count)
    {
        window.show();
        controller.open(test::optionsFor(*m_server, GuiConnectionDefaults::options()));
        QTRY_COMPARE_WITH_TIMEOUT(window.monitorView()->lockModel()->rowCount(), count, 10000);
    }

    // Ctrl+G's dialog with `text` typed and Go pressed.
    static LockGoToDialog* goTo(LockMonitorView& view, const QString& text)
    {
        view.goToAction()->trigger();
        auto* dialog = view.findChild<LockGoToDialog*>();
        if (!dialog)
            return nullptr;
        QTest::keyClicks(dialog->nameEdit(), text);
        QTest::keyClick(dialog->nameEdit(), Qt::Key_Return);
        return dialog;
    }

private Q_SLOTS:
    void init() { QVERIFY(m_redis->command({"FLUSHALL"})); }

    void theLibrarysNameForALockSelectsIt()
    {
        QVERIFY(test::LockFormats::laravelLock(*m_redis, laravel8.toStdString()).ok());
        QVERIFY(test::LockFormats::redissonLock(*m_redis, "payments", test::LockFormats::uuidV4(), 1, 60000));
        ConnectionController controller;
        MainWindow window(controller);
        openAndWait(controller, window, 2);
        QPointer<LockGoToDialog> dialog = goTo(*window.monitorView(), QStringLiteral("reports:monthly"));
        QVERIFY(dialog);
        QTRY_VERIFY(!dialog); // accepted and gone
        QCOMPARE(window.monitorView()->selectedLockId(), std::optional<LockId>(keyOf(laravel8)));
    }

    void itsRedisKeySelectsItToo()
    {
        QVERIFY(test::LockFormats::laravelLock(*m_redis, laravel8.toStdString()).ok());
        QVERIFY(test::LockFormats::redissonLock(*m_redis, "payments", test::LockFormats::uuidV4(), 1, 60000));
        ConnectionController controller;
        MainWindow window(controller);
        openAndWait(controller, window, 2);
        QPointer<LockGoToDialog> dialog = goTo(*window.monitorView(), laravel8);
        QTRY_VERIFY(!dialog);
        QCOMPARE(window.monitorView()->selectedLockId(), std::optional<LockId>(keyOf(laravel8)));
    }

    void aNameSeveralLocksShareListsThemAndSelectsOnlyTheOneChosen()
    {
        // Cache::lock('reports:monthly') of a Laravel 8 app and of a Laravel 11 app on one server.
        QVERIFY(test::LockFormats::laravelLock(*m_redis, laravel8.toStdString()).ok());
        QVERIFY(test::LockFormats::laravelLock(*m_redis, laravel11.toStdString()).ok());
        ConnectionController controller;
        MainWindow window(controller);
        openAndWait(controller, window, 2);
        LockMonitorView& view = *window.monitorView();
        LockGoToDialog* dialog = goTo(view, QStringLiteral("reports:monthly"));
        QVERIFY(dialog && dialog->isVisible()); // no guess: still asking
        QVERIFY(!view.selectedLockId());
        QListWidget* candidates = dialog->candidateList();
        QVERIFY(candidates->isVisible());
        QCOMPARE(candidates->count(), 2);
        QVERIFY(dialog->messageLabel()->text().contains(QLatin1String("2 locks")));
        QTest::keyClick(dialog->nameEdit(), Qt::Key_Return); // Go again, nothing chosen yet
        QVERIFY(dialog->isVisible());
        QVERIFY(!view.selectedLockId());
        int laravel11Row = -1;
        for (int row = 0; row < candidates->count(); ++row)
            if (candidates->item(row)->text().contains(laravel11))
                laravel11Row = row;
        QVERIFY(laravel11Row >= 0);
        if (const QString png = qEnvironmentVariable("LOCKSCOPE_GOTO_PNG"); !png.isEmpty()) {
            candidates->setCurrentRow(laravel11Row);
            QVERIFY(dialog->grab().save(png));
        }
        QPointer<LockGoToDialog> open = dialog;
        candidates->setCurrentRow(laravel11Row);
        Q_EMIT candidates->itemActivated(candidates->item(laravel11Row));
        QTRY_VERIFY(!open);
        QCOMPARE(view.selectedLockId(), std::optional<LockId>(keyOf(laravel11)));
    }

    void aNameNoLockHasIsSaidAndNothingSelected()
    {
        QVERIFY(test::LockFormats::laravelLock(*m_redis, laravel8.toStdString()).ok());
        ConnectionController controller;
        MainWindow window(controller);
        openAndWait(controller, window, 1);
        LockGoToDialog* dialog = goTo(*window.monitorView(), QStringLiteral("reports"));
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(dialog->messageLabel()->text().contains(QLatin1String("No lock")));
        QVERIFY(!window.monitorView()->selectedLockId());
    }

    void aLockTheFilterHidesIsShownAgainWhenGoneTo()
    {
        QVERIFY(test::LockFormats::laravelLock(*m_redis, laravel8.toStdString()).ok());
        QVERIFY(test::LockFormats::redissonLock(*m_redis, "payments", test::LockFormats::uuidV4(), 1, 60000));
        ConnectionController controller;
        MainWindow window(controller);
        openAndWait(controller, window, 2);
        LockMonitorView& view = *window.monitorView();
        QTest::keyClicks(view.filterEdit(), QStringLiteral("payments"));
        QCOMPARE(view.proxyModel()->rowCount(), 1);
        QPointer<LockGoToDialog> dialog = goTo(view, QStringLiteral("reports:monthly"));
        QTRY_VERIFY(!dialog);
        QCOMPARE(view.selectedLockId(), std::optional<LockId>(keyOf(laravel8)));
        QVERIFY(view.filterEdit()->text().isEmpty());
    }

    void theRedisKeyColumnIsShownAndHiddenFromTheHeadersMenu()
    {
        QVERIFY(test::LockFormats::laravelLock(*m_redis, laravel8.toStdString()).ok());
        ConnectionController controller;
        MainWindow window(controller);
        openAndWait(controller, window, 1);
        QTableView* table = window.monitorView()->table();
        QVERIFY(table->isColumnHidden(LockTableModel::KeyColumn)); // hidden at first
        // Chooses the header menu's Key entry once it is up (its exec() blocks until then).
        auto chooseKeyColumnEntry = [] {
            QTimer::singleShot(0, [] {
                auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
                QVERIFY(menu);
                auto* entry = menu->findChild<QAction*>(QStringLiteral("showKeyColumnAction"));
                QVERIFY(entry);
                entry->trigger();
                menu->close();
            });
        };
        QHeaderView* header = table->horizontalHeader();
        chooseKeyColumnEntry();
        Q_EMIT header->customContextMenuRequested(QPoint(10, header->height() / 2));
        QVERIFY(!table->isColumnHidden(LockTableModel::KeyColumn));
        const QModelIndex key = table->model()->index(0, LockTableModel::KeyColumn);
        QCOMPARE(key.data().toString(), laravel8);
        chooseKeyColumnEntry();
        Q_EMIT header->customContextMenuRequested(QPoint(10, header->height() / 2));
        QVERIFY(table->isColumnHidden(LockTableModel::KeyColumn));
    }
};

QTEST_MAIN(tst_LockGoTo)
#include "tst_LockGoTo.moc"
