#include "app/MainWindow.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "connection/StatusTexts.h"
#include "fleetview/Fleet.h"
#include "fleetview/FleetServer.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QLabel>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

#include <csignal>

using namespace lockscope;
using namespace lockscope::ui;
using namespace std::chrono_literals;

namespace {

QString textOf(const QWidget& window, const char* objectName)
{
    auto* label = window.findChild<QLabel*>(QString::fromLatin1(objectName));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(objectName));
}

QString serverVersion(const RedisServerProcess& server)
{
    auto connection = test::connectTo(server);
    if (!connection)
        return {};
    auto info = connection->command({"INFO", "server"});
    if (!info)
        return {};
    return QString::fromStdString(info->text())
        .section(QStringLiteral("redis_version:"), 1)
        .section(QLatin1Char('\r'), 0, 0);
}

// Resumes a stopped server however the test ends.
struct ResumeOnExit
{
    pid_t pid;
    ~ResumeOnExit() { ::kill(pid, SIGCONT); }
};

} // namespace

class tst_MainWindow : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    static ConnectionOptions guiOptionsFor(const RedisServerProcess& server)
    {
        return test::optionsFor(server, GuiConnectionDefaults::options());
    }

    static QToolButton* toolButtonFor(MainWindow& window, QAction* action)
    {
        auto* toolBar = window.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        return toolBar ? qobject_cast<QToolButton*>(toolBar->widgetForAction(action)) : nullptr;
    }

private slots:
    void showsTheServerVersionAndStandaloneTopology()
    {
        const QString version = serverVersion(*m_server);
        QVERIFY(!version.isEmpty());
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        controller.open(guiOptionsFor(*m_server));
        QTRY_COMPARE_WITH_TIMEOUT(textOf(window, "serverVersion"), version, 10000);
        QCOMPARE(textOf(window, "serverTopology"), QStringLiteral("standalone"));
        QCOMPARE(textOf(window, "serverRole"), QStringLiteral("master"));
        QCOMPARE(textOf(window, "statusTopology"), QStringLiteral("standalone"));
        QCOMPARE(textOf(window, "serverState"), StatusTexts::stateName(ConnectionStatus::State::Connected));
    }

    void namesTheSandboxAndItsEndpointInTheStatusBar()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        controller.open(guiOptionsFor(*m_server), QStringLiteral("sandbox"));
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);
        const QString endpoint = textOf(window, "statusEndpoint");
        QVERIFY2(endpoint.startsWith(QStringLiteral("sandbox")), qPrintable(endpoint));
        QVERIFY2(
            endpoint.contains(QStringLiteral("127.0.0.1:%1").arg(m_server->port())), qPrintable(endpoint));
        QVERIFY(window.windowTitle().contains(QStringLiteral("sandbox")));
    }

    void showsKeyspaceNotificationsAsTheLiveUpdateMode()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        controller.open(guiOptionsFor(*m_server));
        QTRY_COMPARE_WITH_TIMEOUT(textOf(window, "statusLiveUpdates"),
            StatusTexts::liveUpdateName(ServerSummary::LiveUpdateMode::Notifications), 10000);
    }

    void showsPollingWhenTheServerHasNotificationsOff()
    {
        RedisServerConfig quiet;
        quiet.keyspaceNotifications = false;
        auto server = test::startServer(quiet);
        QVERIFY(server);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        controller.open(guiOptionsFor(*server));
        // The lock monitor says how often it polls.
        QTRY_COMPARE_WITH_TIMEOUT(textOf(window, "statusLiveUpdates"),
            QStringLiteral("Live: polling every 2 s (notifications off)"), 10000);
        QCOMPARE(textOf(window, "serverNotifications"), QStringLiteral("off"));
    }

    void offersRefreshOnlyWhileAServerIsOpen()
    {
        ConnectionController controller;
        MainWindow window(controller);
        QVERIFY(!window.refreshAction()->isEnabled());
        controller.open(guiOptionsFor(*m_server));
        QVERIFY(window.refreshAction()->isEnabled());
        controller.close();
        QVERIFY(!window.refreshAction()->isEnabled());
    }

    void saysWhereTheLockTableWillAppearInsteadOfShowingAnEmptyList()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        QVERIFY(textOf(window, "locksEmptyBody").contains(QStringLiteral("Connect to a Redis server")));
        controller.open(guiOptionsFor(*m_server));
        QTRY_VERIFY_WITH_TIMEOUT(
            textOf(window, "locksEmptyBody").contains(QStringLiteral("once locks are found on this server")),
            10000);
        QVERIFY(window.findChild<QWidget*>(QStringLiteral("locksEmptyState"))->isVisible());
        QVERIFY(!window.findChild<QAbstractItemView*>(QStringLiteral("lockTable"))->isVisible());
    }

    void staysResponsiveAndShowsTheErrorWhenTheServerIsKilled()
    {
        auto server = test::startServer();
        QVERIFY(server);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        controller.open(guiOptionsFor(*server));
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);

        server->kill();
        QTRY_VERIFY_WITH_TIMEOUT(
            textOf(window, "statusConnection").startsWith(QStringLiteral("Error:")), 15000);
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("serverError"))->isVisible());
        QVERIFY(!textOf(window, "serverError").isEmpty());

        QSignalSpy refreshClicked(window.refreshAction(), &QAction::triggered);
        QToolButton* refreshButton = toolButtonFor(window, window.refreshAction());
        QVERIFY(refreshButton);
        QTest::mouseClick(refreshButton, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(refreshClicked.count(), 1, 5000);
    }

    void staysResponsiveWhileTheServerDoesNotAnswer()
    {
        auto server = test::startServer();
        QVERIFY(server);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ConnectionOptions options = guiOptionsFor(*server);
        // Far longer than the click below may take: a GUI thread waiting on Redis would fail it.
        options.commandTimeout = 60s;
        controller.open(options);
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);

        QVERIFY(::kill(server->pid(), SIGSTOP) == 0);
        ResumeOnExit resume {server->pid()};
        QSignalSpy refreshes(&controller, &ConnectionController::refreshStarted);
        controller.refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(refreshes.count() >= 1, 10000); // the worker now waits on the server

        QSignalSpy refreshClicked(window.refreshAction(), &QAction::triggered);
        QTest::mouseClick(toolButtonFor(window, window.refreshAction()), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(refreshClicked.count(), 1, 10000);
        QCOMPARE(controller.status().state, ConnectionStatus::State::Connected);
    }

    void reconnectsAfterTheServerRestartsOnTheSamePort()
    {
        auto server = test::startServer();
        QVERIFY(server);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        controller.open(guiOptionsFor(*server));
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);

        server->kill();
        QTRY_VERIFY_WITH_TIMEOUT(
            textOf(window, "statusConnection").startsWith(QStringLiteral("Error:")), 15000);
        QVERIFY(server->restart().ok());
        QTRY_COMPARE_WITH_TIMEOUT(textOf(window, "statusConnection"),
            StatusTexts::stateName(ConnectionStatus::State::Connected), 20000);
        QVERIFY(!window.findChild<QLabel*>(QStringLiteral("serverError"))->isVisible());
        QCOMPARE(textOf(window, "serverTopology"), QStringLiteral("standalone"));
    }

    void refusesAMalformedUrlAndKeepsTheCurrentConnection()
    {
        ConnectionController controller;
        MainWindow window(controller);
        controller.open(guiOptionsFor(*m_server));
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);
        const QString error = window.addServer(QStringLiteral("redis://127.0.0.1:notaport"));
        QVERIFY(!error.isEmpty());
        QVERIFY(controller.status().endpoint.contains(QString::number(m_server->port())));
        QCOMPARE(controller.status().state, ConnectionStatus::State::Connected);
    }

    void connectToUrlOpensTheServerBesideTheOneOpen()
    {
        auto other = test::startServer();
        QVERIFY(other);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        controller.open(guiOptionsFor(*m_server));
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);

        // File › Connect to URL…, answered as a user would.
        const QString url = QString::fromStdString(other->url());
        bool answered = false;
        QTimer answer;
        connect(&answer, &QTimer::timeout, &window, [&] {
            if (auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
                dialog->setTextValue(url);
                dialog->accept();
                answered = true;
            }
        });
        answer.start(20);
        window.connectAction()->trigger();
        QVERIFY(answered);

        QCOMPARE(window.fleet().servers().size(), 2);
        FleetServer* added = window.fleet().servers().last();
        QTRY_COMPARE_WITH_TIMEOUT(
            added->connection().status().state, ConnectionStatus::State::Connected, 10000);
        QCOMPARE(added->connection().options().port, other->port());
        // The first server kept running, on the server it had.
        QCOMPARE(controller.options().port, m_server->port());
        QCOMPARE(controller.status().state, ConnectionStatus::State::Connected);
    }

    void goesBackToTheSandboxFromTheFileMenu()
    {
        auto other = test::startServer();
        QVERIFY(other);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        QVERIFY(!window.sandboxAction()->isVisible()); // no sandbox, nothing to offer
        window.offerSandbox(QString::fromStdString(m_server->url()));
        QVERIFY(window.sandboxAction()->isVisible());
        QCOMPARE(window.addServer(QString::fromStdString(other->url())), QString());
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);

        window.sandboxAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(
            controller.summary().endpoint, QStringLiteral("127.0.0.1:%1").arg(m_server->port()), 10000);
        QVERIFY(textOf(window, "statusEndpoint").startsWith(QStringLiteral("sandbox")));
    }

    void neverRemembersAPassword_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("remembered");
        QTest::newRow("user and password") << "redis://ops:s3cret@db.example:6380/2"
                                           << "redis://ops@db.example:6380/2";
        QTest::newRow("password only") << "rediss://:s3cret@db.example"
                                       << "rediss://db.example";
        QTest::newRow("user only") << "redis://ops@db.example"
                                   << "redis://ops@db.example";
        QTest::newRow("an @ in the password") << "redis://ops:a@b@db.example"
                                              << "redis://ops@db.example";
        QTest::newRow("sentinel") << "redis+sentinel://ops:pw@h1:26379,h2:26379/mymaster"
                                  << "redis+sentinel://ops@h1:26379,h2:26379/mymaster";
        QTest::newRow("no credentials") << "redis://127.0.0.1:6379"
                                        << "redis://127.0.0.1:6379";
        QTest::newRow("unix socket with an @ in its path") << "unix:///run/a@b/redis.sock"
                                                           << "unix:///run/a@b/redis.sock";
    }

    void neverRemembersAPassword()
    {
        QFETCH(QString, url);
        QFETCH(QString, remembered);
        QCOMPARE(MainWindow::urlWithoutPassword(url), remembered);
    }

    void remembersItsGeometryBetweenRuns()
    {
        ConnectionController controller;
        {
            MainWindow first(controller);
            first.show();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            first.resize(812, 534);
            QTRY_COMPARE(first.size(), QSize(812, 534));
            first.close();
        }
        MainWindow second(controller);
        second.show();
        QVERIFY(QTest::qWaitForWindowExposed(&second));
        QCOMPARE(second.size(), QSize(812, 534));
    }
};

QTEST_MAIN(tst_MainWindow)
#include "tst_MainWindow.moc"
