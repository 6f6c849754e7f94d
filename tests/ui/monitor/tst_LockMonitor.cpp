#include "app/MainWindow.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "monitor/LockDetailPane.h"
#include "monitor/LockEventLogModel.h"
#include "monitor/LockFilterProxyModel.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "monitor/admin/LockActionDialog.h"
#include "samplelocks/SampleLocksBanner.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFont>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>

using namespace lockscope;
using namespace lockscope::ui;
using namespace std::chrono_literals;

namespace {

LockId keyOf(const RedisServerProcess& server, const QString& name)
{
    return LockId(0, "127.0.0.1:" + std::to_string(server.port()), name.toStdString());
}

bool eventLogged(const LockEventLogModel& log, LockEventRecord::Type type, const QString& lockName)
{
    for (int row = 0; row < log.rowCount(); ++row)
        if (log.eventAt(row).type == type && log.eventAt(row).lockName() == lockName)
            return true;
    return false;
}

// Answers the next confirmation dialog from inside its exec(): types the lock's name when asked,
// then presses the action button (or cancels). Records what the dialog showed.
struct DialogAnswer
{
    bool confirm = true;
    bool typeName = false;
    bool seen = false;
    bool buttonEnabledBeforeTyping = true;
    QString holderText;
    QString releaseWarning; // the dialog's "Careful:" line, if it had one
};

void answerNextDialog(DialogAnswer& answer)
{
    QTimer::singleShot(50, [&answer] {
        auto* dialog = qobject_cast<LockActionDialog*>(QApplication::activeModalWidget());
        if (!dialog) {
            answerNextDialog(answer); // not up yet
            return;
        }
        answer.seen = true;
        answer.holderText = dialog->findChild<QLabel*>(QStringLiteral("holderLabel"))->text();
        if (auto* careful = dialog->findChild<QLabel*>(QStringLiteral("releaseWarningLabel")))
            answer.releaseWarning = careful->text();
        auto* button = dialog->findChild<QPushButton*>(QStringLiteral("confirmButton"));
        answer.buttonEnabledBeforeTyping = button->isEnabled();
        if (answer.typeName) {
            auto* edit = dialog->findChild<QLineEdit*>(QStringLiteral("confirmNameEdit"));
            if (edit)
                edit->setText(dialog->request().lock.name());
            // Production also wants a reason for the audit.
            dialog->findChild<QLineEdit*>(QStringLiteral("reasonEdit"))->setText(QStringLiteral("test"));
        }
        if (answer.confirm && button->isEnabled())
            button->click();
        else
            dialog->reject();
    });
}

struct PaintCounter : QObject
{
    int count = 0;
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::Paint)
            ++count;
        return false;
    }
};

} // namespace

class tst_LockMonitor : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;
    QTemporaryDir m_dir;

    ConnectionOptions options(bool readOnly = false) const
    {
        ConnectionOptions result = test::optionsFor(*m_server, GuiConnectionDefaults::options());
        result.readOnly = readOnly;
        return result;
    }

    QString auditLogPath() const { return m_dir.filePath(QStringLiteral("audit.log")); }

    void setToken(const std::string& name, const std::string& token, long long ttlMs)
    {
        auto set = m_redis->command({"SET", name, token, "PX", std::to_string(ttlMs)});
        QVERIFY2(set, set ? "" : set.error().toString().c_str());
    }

    // Opens a window on the test server and waits until the monitor lists the locks.
    static void openAndWait(
        ConnectionController& controller, const MainWindow& window, const ConnectionOptions& options)
    {
        controller.open(options);
        QTRY_COMPARE_WITH_TIMEOUT(window.monitor().status().state, MonitorStatus::State::Watching, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);
    }

    void initSuite() override
    {
        QVERIFY(m_dir.isValid());
        qputenv("LOCKSCOPE_AUDIT_LOG", auditLogPath().toUtf8());
    }

private Q_SLOTS:
    void init() { QVERIFY(m_redis->command({"FLUSHALL"})); }

    void aLockCreatedInRedisAppearsWithinASecond()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        openAndWait(controller, window, options());
        LockTableModel* locks = window.monitorView()->lockModel();
        QCOMPARE(locks->rowCount(), 0);

        QVERIFY(test::LockFormats::redissonLock(*m_redis, "orders", test::LockFormats::uuidV4(), 42, 30000));
        QTRY_VERIFY2_WITH_TIMEOUT(locks->rowOf(keyOf(*m_server, QStringLiteral("orders"))) >= 0,
            qPrintable(window.monitor().status().description + QLatin1Char('|')
                + window.monitor().status().error + QString::number(int(window.monitor().status().state))),
            1000);
        const int row = locks->rowOf(keyOf(*m_server, QStringLiteral("orders")));
        QCOMPARE(locks->index(row, LockTableModel::KindColumn).data(LockTableModel::KindRole).toInt(),
            int(LockKind::Reentrant));
        QCOMPARE(locks->recordAt(row).holders().first().threadId, QStringLiteral("42"));
        QVERIFY(window.monitorView()->table()->isVisible());
        QVERIFY(eventLogged(
            *window.monitorView()->eventLog(), LockEventRecord::Type::Appeared, QStringLiteral("orders")));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.findChild<QLabel*>(QStringLiteral("statusLockCount"))->text().contains(QLatin1String("1")),
            5000);
    }

    void itsTtlCountsDownInTheTable()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        setToken("lock:report", "f81d4fae7dec11d0a76500a0c91e6bf6", 60000);
        openAndWait(controller, window, options());
        LockTableModel* locks = window.monitorView()->lockModel();
        const LockId key = keyOf(*m_server, QStringLiteral("lock:report"));
        QTRY_VERIFY_WITH_TIMEOUT(locks->rowOf(key) >= 0, 5000);
        auto ttlText
            = [&] { return locks->index(locks->rowOf(key), LockTableModel::TtlColumn).data().toString(); };
        auto ttlLeft = [&] {
            return locks->index(locks->rowOf(key), LockTableModel::TtlColumn)
                .data(LockTableModel::RemainingTtlRole)
                .toLongLong();
        };
        const qint64 first = ttlLeft();
        const QString firstText = ttlText();
        QVERIFY2(first > 50'000 && first <= 60'000, qPrintable(QString::number(first)));
        QTableView* table = window.monitorView()->table();
        PaintCounter paints;
        table->viewport()->installEventFilter(&paints);
        QSignalSpy modelChanges(locks, &QAbstractItemModel::dataChanged);
        QTRY_VERIFY_WITH_TIMEOUT(ttlLeft() <= first - 2000, 10000);
        QVERIFY(ttlText() != firstText);
        // Counted down locally: the view repaints every second, Redis is not asked again and
        // the model has nothing to announce.
        QTRY_VERIFY_WITH_TIMEOUT(paints.count >= 2, 5000);
        QCOMPARE(modelChanges.count(), 0);
    }

    void anExpiryRemovesItAndIsLogged()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        openAndWait(controller, window, options());
        LockTableModel* locks = window.monitorView()->lockModel();
        setToken("lock:short", "f81d4fae7dec11d0a76500a0c91e6bf6", 1500);
        const LockId key = keyOf(*m_server, QStringLiteral("lock:short"));
        QTRY_VERIFY_WITH_TIMEOUT(locks->rowOf(key) >= 0, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(locks->rowOf(key) < 0, 10000);
        QVERIFY(eventLogged(
            *window.monitorView()->eventLog(), LockEventRecord::Type::Expired, QStringLiteral("lock:short")));
    }

    void refreshLogsWhatTheListingFoundThatTheMonitorCouldNotHear()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        openAndWait(controller, window, options());
        // Without notifications the monitor hears nothing of this lock until it lists again.
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", ""}));
        auto restore = qScopeGuard([this] {
            (void)m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"});
        });
        setToken("lock:unheard", "f81d4fae7dec11d0a76500a0c91e6bf6", 60000);
        window.monitor().relist();
        const LockEventLogModel& log = *window.monitorView()->eventLog();
        QTRY_VERIFY_WITH_TIMEOUT(
            eventLogged(log, LockEventRecord::Type::Appeared, QStringLiteral("lock:unheard")), 10000);
        QVERIFY(
            window.monitorView()->lockModel()->rowOf(keyOf(*m_server, QStringLiteral("lock:unheard"))) >= 0);
        for (int row = 0; row < log.rowCount(); ++row)
            if (log.eventAt(row).lockName() == QStringLiteral("lock:unheard"))
                QVERIFY2(log.eventAt(row).missedSinceMs >= 0, qPrintable(log.eventAt(row).details()));
        if (qEnvironmentVariableIsSet("LOCKSCOPE_RELIST_PNG"))
            window.grab().save(qEnvironmentVariable("LOCKSCOPE_RELIST_PNG"), "PNG");
    }

    void forceReleaseThroughTheConfirmationDialogRemovesItAndLogsIt()
    {
        QFile::remove(auditLogPath());
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        const std::string uuid = test::LockFormats::uuidV4();
        QVERIFY(test::LockFormats::redissonLock(*m_redis, "payments", uuid, 7, 60000));
        openAndWait(controller, window, options());
        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("payments"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->selectLock(key));
        QVERIFY(view->forceReleaseAction()->isEnabled());

        DialogAnswer answer;
        answerNextDialog(answer);
        view->forceReleaseAction()->trigger();
        QVERIFY(answer.seen);
        QVERIFY2(answer.holderText.contains(QString::fromStdString(uuid)), qPrintable(answer.holderText));

        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) < 0, 5000);
        auto exists = m_redis->command({"EXISTS", "payments"});
        QVERIFY(exists && exists->integer() == 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            eventLogged(*view->eventLog(), LockEventRecord::Type::Admin, QStringLiteral("payments")), 5000);
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("adminResultLabel"))
                    ->text()
                    .contains(QLatin1String("payments")));
        QFile audit(auditLogPath());
        QVERIFY(audit.open(QIODevice::ReadOnly));
        const QByteArray line = audit.readAll();
        QVERIFY2(line.contains("\"lock\":\"payments\"") && line.contains("\"action\":\"release\""),
            line.constData());
        QVERIFY2(line.contains("done"), line.constData());
    }

    void aProductionConnectionAsksForTheLockNameToBeTyped()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        setToken("lock:prod", "f81d4fae7dec11d0a76500a0c91e6bf6", 60000);
        openAndWait(controller, window, options());
        controller.setProductionMarked(true);
        QVERIFY(window.productionAction()->isChecked());
        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("lock:prod"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->selectLock(key));
        DialogAnswer answer;
        answer.typeName = true;
        answerNextDialog(answer);
        view->forceReleaseAction()->trigger();
        QVERIFY(answer.seen);
        QVERIFY(!answer.buttonEnabledBeforeTyping);
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) < 0, 5000);
        controller.setProductionMarked(false);
    }

    void extendTtlThroughTheDialogSetsTheNewLease()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        QVERIFY(
            test::LockFormats::redissonLock(*m_redis, "shipments", test::LockFormats::uuidV4(), 3, 20000));
        openAndWait(controller, window, options());
        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("shipments"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->selectLock(key));
        QTimer::singleShot(50, [] {
            auto* dialog = qobject_cast<LockActionDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->findChild<QSpinBox*>(QStringLiteral("ttlSeconds"))->setValue(600);
            dialog->findChild<QPushButton*>(QStringLiteral("confirmButton"))->click();
        });
        view->extendAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(m_redis->command({"PTTL", "shipments"})->integer() > 500'000, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()
                                     ->index(view->lockModel()->rowOf(key), LockTableModel::TtlColumn)
                                     .data(LockTableModel::RemainingTtlRole)
                                     .toLongLong()
                > 500'000,
            5000);
        QVERIFY(eventLogged(*view->eventLog(), LockEventRecord::Type::Admin, QStringLiteral("shipments")));
    }

    void removeStaleWaitersThroughTheDialogUnblocksAStuckFairLock()
    {
        const std::string holder = test::LockFormats::uuidV4() + ":1";
        const std::string dead = test::LockFormats::uuidV4() + ":2";
        const long long now = test::LockFormats::serverNowMs(*m_redis);
        QVERIFY(m_redis->command({"HSET", "billing", holder, "1"}));
        QVERIFY(m_redis->command({"PEXPIRE", "billing", "60000"}));
        QVERIFY(m_redis->command({"RPUSH", "redisson_lock_queue:{billing}", dead}));
        QVERIFY(
            m_redis->command({"ZADD", "redisson_lock_timeout:{billing}", std::to_string(now - 10000), dead}));
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        openAndWait(controller, window, options());
        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("billing"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->lockModel()->recordAt(view->lockModel()->rowOf(key)).stuck());
        QVERIFY(view->selectLock(key));
        QVERIFY(view->removeWaitersAction()->isEnabled());
        DialogAnswer answer;
        answerNextDialog(answer);
        view->removeWaitersAction()->trigger();
        QVERIFY(answer.seen);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_redis->command({"LLEN", "redisson_lock_queue:{billing}"})->integer(), 0LL, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!view->lockModel()->recordAt(view->lockModel()->rowOf(key)).stuck(), 5000);
        QCOMPARE(m_redis->command({"HEXISTS", "billing", holder})->integer(), 1LL); // the holder keeps it
    }

    void theSandboxOffersSampleLocksAndRemembersDontOfferAgain()
    {
        SampleLocksBanner::setOfferWanted(true);
        {
            ConnectionController controller;
            MainWindow window(controller);
            window.show();
            openAndWait(controller, window, options());
            window.offerSampleLocks(options());
            SampleLocksBanner* banner = window.sampleLocksBanner();
            QVERIFY(banner->isVisible());
            banner->findChild<QPushButton*>(QStringLiteral("addSampleLocksButton"))->click();
            // LockScope's own locks and the other libraries' formats, all in the table (the
            // other libraries' keys are written first, LockScope's own locks taken after them).
            LockTableModel* locks = window.monitorView()->lockModel();
            auto librariesShown = [locks] {
                QSet<QString> libraries;
                for (int row = 0; row < locks->rowCount(); ++row)
                    libraries.insert(locks->recordAt(row).library());
                return libraries;
            };
            for (const char* library : {"Redisson", "redis-py", "token · node-redlock-compatible",
                     "LockScope", "Laravel", "portalocker"})
                QTRY_VERIFY2_WITH_TIMEOUT(
                    librariesShown().contains(QString::fromUtf8(library)), library, 15000);
            QVERIFY(locks->rowCount() >= 30);
        }
        QVERIFY(m_redis->command({"FLUSHALL"}));
        {
            ConnectionController controller;
            MainWindow window(controller);
            window.show();
            window.offerSampleLocks(options());
            SampleLocksBanner* banner = window.sampleLocksBanner();
            QVERIFY(banner->isVisible());
            banner->findChild<QCheckBox*>(QStringLiteral("dontOfferSampleLocks"))->setChecked(true);
            banner->findChild<QPushButton*>(QStringLiteral("closeSampleLocksButton"))->click();
            QVERIFY(!banner->isVisible());
        }
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.offerSampleLocks(options());
        QVERIFY(!window.sampleLocksBanner()->isVisible());
        SampleLocksBanner::setOfferWanted(true);
    }

    void aReadOnlyConnectionDisablesForceReleaseAndSaysWhy()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        setToken("lock:ro", "f81d4fae7dec11d0a76500a0c91e6bf6", 60000);
        openAndWait(controller, window, options(true));
        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("lock:ro"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->selectLock(key));
        QVERIFY(!view->forceReleaseAction()->isEnabled());
        QVERIFY2(view->forceReleaseAction()->toolTip().contains(QLatin1String("read-only")),
            qPrintable(view->forceReleaseAction()->toolTip()));
        QVERIFY(!view->extendAction()->isEnabled());
        view->forceReleaseAction()->trigger(); // a disabled action does nothing
        QTest::qWait(300);
        QVERIFY(m_redis->command({"EXISTS", "lock:ro"})->integer() == 1);
    }

    void deleteInTheFilterBoxDoesNotReleaseButInTheTableAsks()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        setToken("lock:keep", "f81d4fae7dec11d0a76500a0c91e6bf6", 60000);
        openAndWait(controller, window, options());
        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("lock:keep"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->selectLock(key));
        QSignalSpy triggered(view->forceReleaseAction(), &QAction::triggered);

        view->filterEdit()->setText(QStringLiteral("lock:keep"));
        view->filterEdit()->setFocus();
        view->filterEdit()->setCursorPosition(0);
        QTRY_VERIFY(view->filterEdit()->hasFocus());
        QTest::keyClick(view->filterEdit(), Qt::Key_Delete);
        QCOMPARE(view->filterEdit()->text(), QStringLiteral("ock:keep")); // Delete edited the text
        QCOMPARE(triggered.count(), 0);

        view->filterEdit()->clear();
        view->table()->setFocus();
        QTRY_VERIFY(view->table()->hasFocus());
        QVERIFY(view->selectLock(key));
        DialogAnswer answer;
        answer.confirm = false;
        answerNextDialog(answer);
        QTest::keyClick(view->table(), Qt::Key_Delete);
        QCOMPARE(triggered.count(), 1);
        QVERIFY(answer.seen);
        QTest::qWait(300);
        QVERIFY(m_redis->command({"EXISTS", "lock:keep"})->integer() == 1); // cancelled
    }

    void pollsWhenNotificationsAreOffAndSaysHowOften()
    {
        RedisServerConfig quiet;
        quiet.keyspaceNotifications = false;
        auto server = test::startServer(quiet);
        QVERIFY(server);
        ConnectionController controller;
        MainWindow window(controller);
        window.monitor().setPollInterval(1000ms);
        window.show();
        openAndWait(controller, window, test::optionsFor(*server, GuiConnectionDefaults::options()));
        QTRY_COMPARE_WITH_TIMEOUT(window.findChild<QLabel*>(QStringLiteral("statusLiveUpdates"))->text(),
            QStringLiteral("Live: polling every 1 s (notifications off)"), 5000);
        auto redis = test::connectTo(*server);
        QVERIFY(redis);
        QVERIFY(redis->command({"SET", "lock:polled", "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", "60000"}));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.monitorView()->lockModel()->rowOf(keyOf(*server, QStringLiteral("lock:polled"))) >= 0,
            5000);
    }

    void theFilterBoxNarrowsTheTable()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        setToken("lock:alpha", "f81d4fae7dec11d0a76500a0c91e6bf6", 60000);
        QVERIFY(test::LockFormats::redissonLock(*m_redis, "beta", test::LockFormats::uuidV4(), 1, 60000));
        openAndWait(controller, window, options());
        LockMonitorView* view = window.monitorView();
        QTRY_COMPARE_WITH_TIMEOUT(view->lockModel()->rowCount(), 2, 5000);
        QTest::keyClicks(view->filterEdit(), QStringLiteral("alp"));
        QCOMPARE(view->proxyModel()->rowCount(), 1);
        QCOMPARE(view->proxyModel()->index(0, 0).data().toString(), QStringLiteral("lock:alpha"));
    }

    void possibleLocksAreMutedAndCanBeHidden()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        setToken("order:1042", test::LockFormats::randomHex(32), 60000); // node-redlock on an order?
        QVERIFY(test::LockFormats::redissonLock(*m_redis, "beta", test::LockFormats::uuidV4(), 1, 60000));
        openAndWait(controller, window, options());
        LockMonitorView* view = window.monitorView();
        QTRY_COMPARE_WITH_TIMEOUT(view->proxyModel()->rowCount(), 2, 5000);
        const int possibleRow = view->lockModel()->rowOf(keyOf(*m_server, QStringLiteral("order:1042")));
        const int lockRow = view->lockModel()->rowOf(keyOf(*m_server, QStringLiteral("beta")));
        QVERIFY(possibleRow >= 0 && lockRow >= 0);
        QVERIFY(view->lockModel()->index(possibleRow, 0).data(Qt::FontRole).value<QFont>().italic());
        QVERIFY(view->lockModel()->index(possibleRow, 0).data(Qt::ForegroundRole).isValid());
        QVERIFY(!view->lockModel()->index(lockRow, 0).data(Qt::FontRole).isValid());
        auto* possible = view->findChild<QCheckBox*>(QStringLiteral("possibleLocksCheck"));
        QVERIFY(possible && possible->isChecked());
        possible->click();
        QCOMPARE(view->proxyModel()->rowCount(), 1);
        QCOMPARE(view->proxyModel()->index(0, 0).data().toString(), QStringLiteral("beta"));
        possible->click();
        QCOMPARE(view->proxyModel()->rowCount(), 2);
        QVERIFY(view->selectLock(keyOf(*m_server, QStringLiteral("order:1042"))));
        QTRY_VERIFY_WITH_TIMEOUT(
            view->detailPane()->toPlainText().contains(QLatin1String("Possibly a lock")), 5000);
    }

    void aSemaphoreGivesBackOneHoldersPermitsOrEveryonesAfterASecondConfirmation()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        QVERIFY(test::LockFormats::nodeSemaphore(*m_redis, "exports")); // two permits taken
        QVERIFY(test::LockFormats::nodeSemaphore(*m_redis, "exports"));
        openAndWait(controller, window, options());
        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("exports"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->selectLock(key));
        QVERIFY(view->forceReleaseAction()->isEnabled());
        const std::string first = m_redis->command({"ZRANGE", "semaphore:exports", "0", "0"})->at(0).text();

        // One holder: the first in the list, as chosen.
        QTimer::singleShot(50, [] {
            auto* dialog = qobject_cast<LockActionDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto* holder = dialog->findChild<QComboBox*>(QStringLiteral("permitHolderCombo"));
            QVERIFY(holder);
            QCOMPARE(holder->count(), 3); // two holders and "every holder"
            holder->setCurrentIndex(0);
            dialog->findChild<QPushButton*>(QStringLiteral("confirmButton"))->click();
        });
        view->forceReleaseAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_redis->command({"ZCARD", "semaphore:exports"})->integer(), 1LL, 5000);
        QVERIFY(!m_redis->command({"ZSCORE", "semaphore:exports", first})->isString());

        // Every holder: refused until the second confirmation is given.
        auto holdersShown = [view, &key] {
            const int row = view->lockModel()->rowOf(key);
            return row < 0 ? -1 : int(view->lockModel()->recordAt(row).holders().size());
        };
        QTRY_COMPARE_WITH_TIMEOUT(holdersShown(), 1, 5000); // the table has seen the first go
        QVERIFY(test::LockFormats::nodeSemaphore(*m_redis, "exports"));
        QTRY_COMPARE_WITH_TIMEOUT(holdersShown(), 2, 5000);
        QVERIFY(view->selectLock(key));
        bool enabledBeforeConfirming = true;
        QTimer::singleShot(50, [&enabledBeforeConfirming] {
            auto* dialog = qobject_cast<LockActionDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto* holder = dialog->findChild<QComboBox*>(QStringLiteral("permitHolderCombo"));
            holder->setCurrentIndex(holder->count() - 1);
            auto* button = dialog->findChild<QPushButton*>(QStringLiteral("confirmButton"));
            enabledBeforeConfirming = button->isEnabled();
            dialog->findChild<QCheckBox*>(QStringLiteral("confirmAllPermits"))->setChecked(true);
            dialog->grab().save(QDir::temp().filePath(QStringLiteral("lockscope-semaphore-release.png")));
            button->click();
        });
        view->forceReleaseAction()->trigger();
        QVERIFY(!enabledBeforeConfirming);
        QTRY_COMPARE_WITH_TIMEOUT(m_redis->command({"EXISTS", "semaphore:exports"})->integer(), 0LL, 5000);
    }

    void aReleaseWithConsequencesSaysThemInTheDialog()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        setToken("bull:emails:7:lock", test::LockFormats::uuidV4() + ":1", 60000);
        openAndWait(controller, window, options());
        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("bull:emails:7:lock"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->selectLock(key));
        QTRY_VERIFY_WITH_TIMEOUT(
            view->detailPane()->toPlainText().contains(QLatin1String("Before releasing")), 5000);
        DialogAnswer answer;
        answer.confirm = false;
        answerNextDialog(answer);
        view->forceReleaseAction()->trigger();
        QVERIFY(answer.seen);
        QVERIFY2(
            answer.releaseWarning.contains(QLatin1String("run twice")), qPrintable(answer.releaseWarning));
        auto exists = m_redis->command({"EXISTS", "bull:emails:7:lock"});
        QVERIFY(exists && exists->integer() == 1); // cancelled: nothing touched
    }
};

QTEST_MAIN(tst_LockMonitor)
#include "tst_LockMonitor.moc"
