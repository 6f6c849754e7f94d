#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "sandbox/FreePort.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <csignal>

using namespace lockscope;
using namespace lockscope::ui;
using namespace std::chrono_literals;

namespace {

// Resumes a stopped server however the test ends (before the controller waits for its workers).
struct ResumeOnExit
{
    pid_t pid;
    ~ResumeOnExit() { ::kill(pid, SIGCONT); }
};

ConnectionOptions guiOptionsFor(const RedisServerProcess& server)
{
    return test::optionsFor(server, GuiConnectionDefaults::options());
}

} // namespace

class tst_ConnectionController : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

private slots:
    void doesItsRedisIoOnAWorkerThread()
    {
        ConnectionController controller;
        QSignalSpy refreshes(&controller, &ConnectionController::refreshStarted);
        controller.open(guiOptionsFor(*m_server));
        QTRY_VERIFY_WITH_TIMEOUT(refreshes.count() >= 1, 10000);
        for (const auto& refresh : refreshes) {
            auto* ioThread = refresh.at(0).value<QThread*>();
            QVERIFY(ioThread != nullptr);
            QVERIFY(ioThread != qApp->thread());
            QVERIFY(ioThread != QThread::currentThread());
        }
    }

    void reportsTheServerVersionRoleAndTopology()
    {
        auto direct = test::connectTo(*m_server);
        QVERIFY(direct);
        auto info = direct->command({"INFO", "server"});
        QVERIFY(info.ok());
        const QString expectedVersion = QString::fromStdString(info->text())
                                            .section(QStringLiteral("redis_version:"), 1)
                                            .section(QLatin1Char('\r'), 0, 0);
        QVERIFY(!expectedVersion.isEmpty());

        ConnectionController controller;
        controller.open(guiOptionsFor(*m_server));
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.summary().version.isEmpty(), 10000);
        QCOMPARE(controller.summary().version, expectedVersion);
        QCOMPARE(controller.summary().role, QStringLiteral("master"));
        QCOMPARE(controller.summary().topology, QStringLiteral("standalone"));
        QVERIFY(controller.summary().keyspaceEventsKnown);
        QCOMPARE(controller.summary().liveUpdateMode(), ServerSummary::LiveUpdateMode::Notifications);
    }

    void countsTheKeysOfTheDatabase()
    {
        auto direct = test::connectTo(*m_server);
        QVERIFY(direct);
        QVERIFY(direct->command({"SELECT", "7"}).ok());
        for (const char* key : {"count:a", "count:b", "count:c"})
            QVERIFY(direct->command({"SET", key, "1"}).ok());

        ConnectionOptions options = guiOptionsFor(*m_server);
        options.database = 7;
        ConnectionController controller;
        controller.open(options);
        QTRY_COMPARE_WITH_TIMEOUT(controller.summary().keyCount, qint64(3), 10000);
    }

    void refreshesPeriodically()
    {
        ConnectionController controller;
        controller.setRefreshInterval(100ms);
        QSignalSpy summaries(&controller, &ConnectionController::summaryRefreshed);
        controller.open(guiOptionsFor(*m_server));
        QTRY_VERIFY_WITH_TIMEOUT(summaries.count() >= 3, 15000);
    }

    void reportsAServerThatIsNotThereAndKeepsTrying()
    {
        ConnectionOptions options = GuiConnectionDefaults::options();
        options.port = pickFreePort();
        QVERIFY(options.port > 0);
        ConnectionController controller;
        controller.open(options);
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Unreachable, 10000);
        QVERIFY(!controller.status().error.isEmpty());
        QVERIFY(controller.status().retryInMs > 0);
        QTRY_VERIFY_WITH_TIMEOUT(controller.status().failedAttempts >= 2, 10000);
    }

    void reconnectsOnceTheServerIsBack()
    {
        auto server = test::startServer();
        QVERIFY(server);
        ConnectionController controller;
        controller.open(guiOptionsFor(*server));
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);

        server->kill();
        controller.refreshNow();
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Unreachable, 15000);
        QVERIFY(server->restart().ok());
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 20000);
        QVERIFY(controller.status().error.isEmpty());
    }

    void reportsOnlyTheLatestConnectionAfterReopening()
    {
        auto other = test::startServer();
        QVERIFY(other);
        ConnectionController controller;
        controller.open(guiOptionsFor(*m_server));
        controller.open(guiOptionsFor(*other));
        const QString otherEndpoint = QStringLiteral("127.0.0.1:%1").arg(other->port());
        QTRY_COMPARE_WITH_TIMEOUT(controller.summary().endpoint, otherEndpoint, 10000);
        // Later refreshes keep naming the server opened last.
        QSignalSpy summaries(&controller, &ConnectionController::summaryRefreshed);
        controller.refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(summaries.count() >= 1, 10000);
        QCOMPARE(controller.summary().endpoint, otherEndpoint);
        QVERIFY(controller.status().endpoint.contains(QString::number(other->port())));
    }

    void closeStopsTheWorker()
    {
        ConnectionController controller;
        QSignalSpy refreshes(&controller, &ConnectionController::refreshStarted);
        controller.open(guiOptionsFor(*m_server));
        QTRY_VERIFY_WITH_TIMEOUT(refreshes.count() >= 1, 10000);
        QPointer<QThread> ioThread = refreshes.first().at(0).value<QThread*>();
        controller.close();
        QVERIFY(!controller.isOpen());
        QCOMPARE(controller.status().state, ConnectionStatus::State::NotConnected);
        QTRY_VERIFY_WITH_TIMEOUT(ioThread.isNull(), 10000); // the thread ended and was deleted
    }

    void opensAnotherServerWithoutWaitingForOneThatDoesNotAnswer()
    {
        auto stuck = test::startServer();
        auto other = test::startServer();
        QVERIFY(stuck && other);
        ConnectionOptions patient = guiOptionsFor(*stuck);
        patient.commandTimeout = 60s; // the worker stays inside its command for a minute
        ConnectionController controller;
        controller.open(patient);
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);

        QVERIFY(::kill(stuck->pid(), SIGSTOP) == 0);
        ResumeOnExit resume {stuck->pid()};
        QSignalSpy refreshes(&controller, &ConnectionController::refreshStarted);
        controller.refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(refreshes.count() >= 1, 10000);

        QElapsedTimer reopening;
        reopening.start();
        controller.open(guiOptionsFor(*other));
        QVERIFY2(reopening.elapsed() < 30000, "open() waited for the stuck worker's command");
        QTRY_COMPARE_WITH_TIMEOUT(
            controller.summary().endpoint, QStringLiteral("127.0.0.1:%1").arg(other->port()), 10000);
    }
};

QTEST_MAIN(tst_ConnectionController)
#include "tst_ConnectionController.moc"
