#include "app/MainWindow.h"
#include "app/MainWindowSettings.h"
#include "connection/ConnectionController.h"
#include "fleetview/Fleet.h"
#include "fleetview/FleetPanel.h"
#include "fleetview/FleetServer.h"
#include "monitor/LockDetailPane.h"
#include "monitor/LockFilterProxyModel.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "monitor/admin/LockActionDialog.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTreeWidget>

#include <csignal>

using namespace lockscope;
using namespace lockscope::ui;
using namespace std::chrono_literals;

namespace {

QString urlOf(const RedisServerProcess& server)
{
    return QString::fromStdString(server.url());
}

// The lock `name` of `process`, open as server `server` of the window.
LockId keyOf(quint16 server, const RedisServerProcess& process, const QString& name)
{
    return LockId(server, "127.0.0.1:" + std::to_string(process.port()), name.toStdString());
}

bool setToken(const RedisServerProcess& server, const std::string& key, ConnectionOptions database = {})
{
    auto redis = test::connectTo(server, database);
    return redis && redis->command({"SET", key, "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", "60000"});
}

bool exists(const RedisServerProcess& server, const std::string& key, ConnectionOptions database = {})
{
    auto redis = test::connectTo(server, database);
    auto reply = redis ? redis->command({"EXISTS", key}) : Result<RedisReply>(RedisError {});
    return reply && reply->isInteger() && reply->integer() == 1;
}

// The threads this process runs now (the kernel's count: Qt's and the workers' alike).
int liveThreads()
{
    return int(QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size());
}

// Resumes a stopped server however the test ends.
struct ResumeOnExit
{
    pid_t pid;
    ~ResumeOnExit() { ::kill(pid, SIGCONT); }
};

} // namespace

class tst_FleetWindow : public QObject
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    static int rowsOf(const LockTableModel& model, quint16 server)
    {
        int rows = 0;
        for (int row = 0; row < model.rowCount(); ++row)
            rows += model.recordAt(row).server() == server ? 1 : 0;
        return rows;
    }

    // The open server of the fleet at `server`'s port (its first database), or 0xffff.
    static quint16 idOf(const MainWindow& window, const RedisServerProcess& server, int database = 0)
    {
        for (const FleetServer* open : window.fleet().servers())
            if (open->connection().options().port == server.port()
                && open->connection().options().database == database)
                return open->id();
        return 0xffff;
    }

    static QString fleetState(const MainWindow& window, quint16 server)
    {
        QTreeWidgetItem* row = window.fleetPanel()->rowOf(server);
        return row ? row->text(FleetPanel::StateColumn) : QStringLiteral("<no row>");
    }

private Q_SLOTS:
    void twoServersShareOneTableWithAServerColumnAndFilter()
    {
        auto first = test::startServer();
        auto second = test::startServer();
        QVERIFY(first && second);
        QVERIFY(setToken(*first, "lock:billing"));
        QVERIFY(setToken(*second, "lock:shipping"));
        ConnectionController controller;
        MainWindow window(controller);
        LockTableModel* model = window.monitorView()->lockModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        window.show();
        QCOMPARE(window.addServer(urlOf(*first)), QString());
        QCOMPARE(window.addServer(urlOf(*second)), QString());
        QTRY_VERIFY_WITH_TIMEOUT(
            model->rowOf(keyOf(idOf(window, *first), *first, QStringLiteral("lock:billing"))) >= 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(
            model->rowOf(keyOf(idOf(window, *second), *second, QStringLiteral("lock:shipping"))) >= 0, 10000);

        const QString secondName = QStringLiteral("127.0.0.1:%1").arg(second->port());
        const int shipping
            = model->rowOf(keyOf(idOf(window, *second), *second, QStringLiteral("lock:shipping")));
        QCOMPARE(model->data(model->index(shipping, LockTableModel::ServerColumn)).toString(), secondName);
        QVERIFY(!window.monitorView()->table()->isColumnHidden(LockTableModel::ServerColumn));
        QVERIFY(window.fleetPanel()->isVisible());

        auto* filter = window.monitorView()->findChild<QComboBox*>(QStringLiteral("serverFilter"));
        QVERIFY(filter->isVisible());
        filter->setCurrentIndex(filter->findText(secondName));
        QCOMPARE(window.monitorView()->proxyModel()->rowCount(), 1);
        QCOMPARE(window.monitorView()->proxyModel()->index(0, LockTableModel::NameColumn).data().toString(),
            QStringLiteral("lock:shipping"));

        // The detail pane names the lock's server.
        window.monitorView()->table()->selectRow(0);
        QVERIFY(window.monitorView()->detailPane()->plainDetails().contains(secondName));
    }

    void selectingAFleetRowShowsThatServersLocks()
    {
        auto first = test::startServer();
        auto second = test::startServer();
        QVERIFY(first && second);
        QVERIFY(setToken(*first, "lock:a"));
        QVERIFY(setToken(*second, "lock:b"));
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.addServer(urlOf(*first));
        FleetServer* other = window.fleet().openUrl(test::optionsFor(*second), urlOf(*second));
        LockTableModel* model = window.monitorView()->lockModel();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(window.fleetPanel()->rowOf(other->id())->text(FleetPanel::LocksColumn),
            QStringLiteral("1"), 5000);

        window.fleetPanel()->table()->setCurrentItem(window.fleetPanel()->rowOf(other->id()));
        QCOMPARE(window.monitorView()->proxyModel()->rowCount(), 1);
        QCOMPARE(window.monitorView()->proxyModel()->index(0, 0).data(LockTableModel::ServerRole).toInt(),
            int(other->id()));
    }

    void aStoppedServerAndAKilledOneStallNeitherTheTableNorTheThird()
    {
        auto stopped = test::startServer();
        auto killed = test::startServer();
        auto alive = test::startServer();
        QVERIFY(stopped && killed && alive);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        for (auto* server : {stopped.get(), killed.get(), alive.get()})
            QCOMPARE(window.addServer(urlOf(*server)), QString());
        QCOMPARE(window.fleet().servers().size(), 3);
        for (FleetServer* server : window.fleet().servers())
            QTRY_COMPARE_WITH_TIMEOUT(
                server->monitor().status().state, MonitorStatus::State::Watching, 10000);

        QVERIFY(::kill(stopped->pid(), SIGSTOP) == 0);
        ResumeOnExit resume {stopped->pid()};
        killed->kill();
        const quint16 killedId = window.fleet().servers()[1]->id();
        QTRY_VERIFY_WITH_TIMEOUT(
            fleetState(window, killedId).contains(QStringLiteral("reconnecting")), 15000);

        // The third keeps feeding the table while the other two hang and fail.
        LockTableModel* model = window.monitorView()->lockModel();
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < 5; ++i) {
            const std::string name = "lock:alive:" + std::to_string(i);
            QVERIFY(setToken(*alive, name));
            QTRY_VERIFY_WITH_TIMEOUT(
                model->rowOf(keyOf(idOf(window, *alive), *alive, QString::fromStdString(name))) >= 0, 5000);
        }
        QVERIFY(fleetState(window, killedId).contains(QStringLiteral("reconnecting")));
    }

    void anAdminActionGoesToTheLocksOwnServer()
    {
        auto first = test::startServer();
        auto second = test::startServer();
        QVERIFY(first && second);
        QVERIFY(setToken(*first, "lock:same"));
        QVERIFY(setToken(*second, "lock:same"));
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.addServer(urlOf(*first));
        window.addServer(urlOf(*second));
        LockMonitorView* view = window.monitorView();
        const LockId secondKey = keyOf(idOf(window, *second), *second, QStringLiteral("lock:same"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(secondKey) >= 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(
            view->lockModel()->rowOf(keyOf(idOf(window, *first), *first, QStringLiteral("lock:same"))) >= 0,
            10000);

        QVERIFY(view->selectLock(secondKey));
        bool asked = false;
        view->setDialogHook([&asked](LockActionDialog&) {
            asked = true;
            return true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(view->forceReleaseAction()->isEnabled(), 5000);
        view->forceReleaseAction()->trigger();
        QVERIFY(asked);
        QTRY_VERIFY_WITH_TIMEOUT(!exists(*second, "lock:same"), 10000);
        QVERIFY(exists(*first, "lock:same"));
    }

    void aLockNamedAlikeOnTwoServersIsSelectedAndReleasedOnItsOwnServer()
    {
        // Two databases of one redis-server are two servers of the fleet whose locks have the
        // same node and the same name: the lock's key alone cannot tell them apart.
        auto server = test::startServer();
        QVERIFY(server);
        ConnectionOptions databaseA;
        databaseA.database = 1;
        ConnectionOptions databaseB;
        databaseB.database = 2;
        QVERIFY(setToken(*server, "lock:same", databaseA));
        QVERIFY(setToken(*server, "lock:same", databaseB));
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        const QString url = urlOf(*server);
        FleetServer* a
            = window.fleet().openUrl(test::optionsFor(*server, databaseA), url + QStringLiteral("/1"));
        FleetServer* b
            = window.fleet().openUrl(test::optionsFor(*server, databaseB), url + QStringLiteral("/2"));
        QVERIFY(a != b);
        LockMonitorView* view = window.monitorView();
        LockTableModel* model = view->lockModel();
        const auto key = [&server](quint16 id) { return keyOf(id, *server, QStringLiteral("lock:same")); };
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(key(a->id())) >= 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(key(b->id())) >= 0, 10000);
        QCOMPARE(model->rowCount(), 2);

        QVERIFY(view->selectLock(key(b->id())));
        QCOMPARE(view->selectedServer(), std::optional<quint16>(b->id()));
        QVERIFY(view->detailPane()->plainDetails().contains(b->name()));
        view->setDialogHook([](LockActionDialog&) { return true; });
        QTRY_VERIFY_WITH_TIMEOUT(view->forceReleaseAction()->isEnabled(), 5000);
        view->forceReleaseAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!exists(*server, "lock:same", databaseB), 10000);
        QVERIFY(exists(*server, "lock:same", databaseA));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowOf(key(b->id())), -1, 10000);
        QVERIFY(model->rowOf(key(a->id())) >= 0);
        QCOMPARE(model->rowCount(), 1);
    }

    void aReadOnlyServerRefusesAdminActionsWhileAnotherAllowsThem()
    {
        auto writable = test::startServer();
        auto readOnly = test::startServer();
        QVERIFY(writable && readOnly);
        QVERIFY(setToken(*writable, "lock:w"));
        QVERIFY(setToken(*readOnly, "lock:r"));
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.addServer(urlOf(*writable));
        ConnectionOptions options = test::optionsFor(*readOnly);
        options.readOnly = true;
        window.fleet().openUrl(options, urlOf(*readOnly));
        LockMonitorView* view = window.monitorView();
        QTRY_VERIFY_WITH_TIMEOUT(
            view->lockModel()->rowOf(keyOf(idOf(window, *readOnly), *readOnly, QStringLiteral("lock:r")))
                >= 0,
            10000);
        QTRY_VERIFY_WITH_TIMEOUT(
            view->lockModel()->rowOf(keyOf(idOf(window, *writable), *writable, QStringLiteral("lock:w")))
                >= 0,
            10000);

        QVERIFY(view->selectLock(keyOf(idOf(window, *readOnly), *readOnly, QStringLiteral("lock:r"))));
        QTRY_VERIFY_WITH_TIMEOUT(!view->forceReleaseAction()->isEnabled(), 5000);
        QVERIFY(view->selectLock(keyOf(idOf(window, *writable), *writable, QStringLiteral("lock:w"))));
        QTRY_VERIFY_WITH_TIMEOUT(view->forceReleaseAction()->isEnabled(), 5000);
    }

    void theSameEndpointTwiceIsOpenedOnceWithANote()
    {
        auto server = test::startServer();
        QVERIFY(server);
        ConnectionController controller;
        MainWindow window(controller);
        QSignalSpy notes(&window.fleet(), &Fleet::note);
        window.addServer(urlOf(*server));
        window.addServer(urlOf(*server));
        QCOMPARE(window.fleet().servers().size(), 1);
        QCOMPARE(notes.count(), 1);
        QVERIFY(notes.first().first().toString().contains(QStringLiteral("not opened twice")));
    }

    void aServerIsRemovedWhileTheOthersKeepRunning()
    {
        auto first = test::startServer();
        auto second = test::startServer();
        QVERIFY(first && second);
        QVERIFY(setToken(*first, "lock:stays"));
        QVERIFY(setToken(*second, "lock:goes"));
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.addServer(urlOf(*first));
        FleetServer* removed = window.fleet().openUrl(test::optionsFor(*second), urlOf(*second));
        LockTableModel* model = window.monitorView()->lockModel();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 10000);

        window.fleetPanel()->table()->setCurrentItem(window.fleetPanel()->rowOf(removed->id()));
        QVERIFY(window.fleetPanel()->removeButton()->isEnabled());
        window.fleetPanel()->removeButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 5000);
        QCOMPARE(rowsOf(*model, window.fleet().first().id()), 1);
        QVERIFY(!window.fleetPanel()->isVisible()); // one server: its summary again
        QVERIFY(setToken(*first, "lock:later"));
        QTRY_VERIFY_WITH_TIMEOUT(
            model->rowOf(keyOf(idOf(window, *first), *first, QStringLiteral("lock:later"))) >= 0, 5000);
    }

    void aRemovedServerLeavesNoObjectOrThreadBehind()
    {
        auto first = test::startServer();
        auto other = test::startServer();
        QVERIFY(first && other);
        QVERIFY(setToken(*other, "lock:other"));
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.addServer(urlOf(*first));
        QTRY_COMPARE_WITH_TIMEOUT(
            window.fleet().first().monitor().status().state, MonitorStatus::State::Watching, 10000);
        LockTableModel* model = window.monitorView()->lockModel();
        auto addAndRemove = [&] {
            FleetServer* added = window.fleet().openUrl(test::optionsFor(*other), urlOf(*other));
            QTRY_VERIFY_WITH_TIMEOUT(
                model->rowOf(keyOf(added->id(), *other, QStringLiteral("lock:other"))) >= 0, 10000);
            window.fleet().remove(added->id());
        };
        // Once first, so that what Qt starts on first use (its thread pools) is in the count.
        addAndRemove();
        QTRY_COMPARE_WITH_TIMEOUT(window.findChildren<FleetServer*>().size(), 1, 15000);
        QTest::qWait(200);
        const int threads = liveThreads();
        const auto monitors = window.findChildren<LockMonitorController*>().size();
        const auto controllers = window.findChildren<ConnectionController*>().size();

        for (int i = 0; i < 20; ++i) {
            addAndRemove();
            QVERIFY(!QTest::currentTestFailed());
        }
        QTRY_COMPARE_WITH_TIMEOUT(window.findChildren<FleetServer*>().size(), 1, 15000);
        QCOMPARE(window.findChildren<LockMonitorController*>().size(), monitors);
        QCOMPARE(window.findChildren<ConnectionController*>().size(), controllers);
        QTRY_COMPARE_WITH_TIMEOUT(liveThreads(), threads, 15000);
        QCOMPARE(model->servers().size(), 1);
        QCOMPARE(model->rowCount(), 0);
        // The first server kept running all along.
        QCOMPARE(window.fleet().first().monitor().status().state, MonitorStatus::State::Watching);
    }

    void refusedCredentialsAreShownAndNotRetried()
    {
        RedisServerConfig config;
        config.extraArgs = {"--requirepass", "r1ght"};
        auto guarded = test::startServer(config);
        auto open = test::startServer();
        QVERIFY(guarded && open);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.addServer(urlOf(*open));
        ConnectionOptions wrong = test::optionsFor(*guarded);
        wrong.password = "wr0ng";
        wrong.hasPassword = true;
        FleetServer* server = window.fleet().openUrl(
            wrong, QStringLiteral("redis://:wr0ng@127.0.0.1:%1").arg(guarded->port()));
        QTRY_VERIFY_WITH_TIMEOUT(!server->credentialsRefused().isEmpty(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(
            fleetState(window, server->id()).contains(QStringLiteral("credentials refused")), 5000);
        const int attempts = server->connection().status().failedAttempts;
        QTest::qWait(3000); // longer than the first retry delays
        QCOMPARE(server->connection().status().failedAttempts, attempts);
        QVERIFY(fleetState(window, server->id()).contains(QStringLiteral("not retried")));

        // Other settings: tried again.
        ConnectionOptions right = test::optionsFor(*guarded);
        right.password = "r1ght";
        right.hasPassword = true;
        window.fleet().openUrl(right, QStringLiteral("redis://:r1ght@127.0.0.1:%1").arg(guarded->port()));
        QTRY_COMPARE_WITH_TIMEOUT(
            server->connection().status().state, ConnectionStatus::State::Connected, 10000);
        QCOMPARE(window.fleet().servers().size(), 2);
    }

    void theWindowReopensItsFleet()
    {
        auto first = test::startServer();
        auto second = test::startServer();
        QVERIFY(first && second);
        {
            ConnectionController controller;
            MainWindow window(controller);
            window.show();
            window.addServer(urlOf(*first));
            window.addServer(urlOf(*second));
            QTRY_COMPARE_WITH_TIMEOUT(window.fleet().openCount(), 2, 5000);
            window.close(); // saves what was open
        }
        const QStringList saved = MainWindowSettings::savedFleet();
        QCOMPARE(saved.size(), 2);
        ConnectionController controller;
        MainWindow window(controller);
        QVERIFY(window.fleet().openEntries(saved).isEmpty());
        QCOMPARE(window.fleet().servers().size(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);
        QCOMPARE(controller.options().port, first->port());
        QCOMPARE(window.fleet().servers()[1]->connection().options().port, second->port());
    }
};

QTEST_MAIN(tst_FleetWindow)
#include "tst_FleetWindow.moc"
