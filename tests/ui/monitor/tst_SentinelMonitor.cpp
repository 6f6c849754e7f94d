#include "app/MainWindow.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "support/RedisTestServer.h"
#include "support/deployments/SentinelTestCase.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QLabel>

using namespace lockscope;
using namespace lockscope::ui;
using namespace std::chrono_literals;

namespace {

QString statusText(const MainWindow& window, const char* objectName)
{
    auto* label = window.findChild<QLabel*>(QString::fromLatin1(objectName));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(objectName));
}

QString addressOf(const RedisServerProcess& server)
{
    return QStringLiteral("127.0.0.1:%1").arg(server.port());
}

// What the table and the monitor show, for a failure message.
QString describe(const LockTableModel& locks, const MonitorStatus& monitor)
{
    QStringList keys;
    for (int row = 0; row < locks.rowCount(); ++row)
        keys.append(locks.recordAt(row).node() + QLatin1Char(' ') + locks.recordAt(row).name());
    QString text = QStringLiteral("table: %1; monitor state %2: %3 %4")
                       .arg(keys.join(QLatin1Char('|')))
                       .arg(int(monitor.state))
                       .arg(monitor.description, monitor.error);
    return text.replace(QLatin1Char('\n'), QLatin1Char('/'));
}

} // namespace

// The GUI on a master found through a sentinel: the status bar says so and names the master,
// the table lists its locks, and a failover is followed without anyone clicking anything.
class tst_SentinelMonitor : public test::SentinelTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    ConnectionOptions options() const
    {
        ConnectionOptions options = m_setup->options();
        const ConnectionOptions gui = GuiConnectionDefaults::options();
        options.clientRole = gui.clientRole;
        options.connectTimeout = gui.connectTimeout;
        options.commandTimeout = gui.commandTimeout;
        return options;
    }

    static void openAndWait(
        ConnectionController& controller, const MainWindow& window, const ConnectionOptions& options)
    {
        controller.open(options);
        QTRY_COMPARE_WITH_TIMEOUT(window.monitor().status().state, MonitorStatus::State::Watching, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 20000);
    }

    LockId lockKey(const RedisServerProcess& master, const QString& name) const
    {
        return LockId(0, addressOf(master).toStdString(), name.toStdString());
    }

private Q_SLOTS:
    void theStatusBarShowsTheSentinelAndItsMaster()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        openAndWait(controller, window, options());
        const QString expected = QStringLiteral("sentinel master %1").arg(addressOf(m_setup->master()));
        QTRY_COMPARE_WITH_TIMEOUT(statusText(window, "statusTopology"), expected, 10000);
        const QString endpoint = statusText(window, "statusEndpoint");
        QVERIFY2(endpoint.contains(QStringLiteral("mymaster")), qPrintable(endpoint));
    }

    void aLockOnTheMasterAppearsInTheTable()
    {
        auto master = test::connectTo(m_setup->master());
        QVERIFY(master);
        QVERIFY(
            master->command({"SET", "lock:sentinel", "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", "120000"}));
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        openAndWait(controller, window, options());
        LockTableModel* locks = window.monitorView()->lockModel();
        QTRY_VERIFY_WITH_TIMEOUT(
            locks->rowOf(lockKey(m_setup->master(), QStringLiteral("lock:sentinel"))) >= 0, 10000);
    }

    // Last: it swaps the roles of master and replica. A failover takes the sentinel a few
    // seconds, and the monitor retries every 2 s, hence the generous timeouts.
    void afterAFailoverTheGuiReconnectsByItselfAndStillListsLocks()
    {
        auto master = test::connectTo(m_setup->master());
        QVERIFY(master);
        QVERIFY(master->command({"SET", "lock:before", "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", "300000"}));
        QVERIFY(master->command({"WAIT", "1", "5000"}));
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        openAndWait(controller, window, options());
        LockTableModel* locks = window.monitorView()->lockModel();
        QTRY_VERIFY_WITH_TIMEOUT(
            locks->rowOf(lockKey(m_setup->master(), QStringLiteral("lock:before"))) >= 0, 10000);

        const HostPort promoted {"127.0.0.1", m_setup->replica().port()};
        QVERIFY(m_setup->requestFailover());
        QVERIFY2(
            m_setup->waitUntilReportedMasterIs(promoted, 30000ms), m_setup->sentinel().logTail(1500).c_str());
        QVERIFY(test::SentinelTestSetup::waitUntilRoleIs(m_setup->master(), "slave", 30000ms));

        // The table now lists the locks of the new master, under its address.
        QTRY_VERIFY2_WITH_TIMEOUT(
            locks->rowOf(lockKey(m_setup->replica(), QStringLiteral("lock:before"))) >= 0,
            qPrintable(describe(*locks, window.monitor().status())), 30000);
        auto newMaster = test::connectTo(m_setup->replica());
        QVERIFY(newMaster);
        QVERIFY(
            newMaster->command({"SET", "lock:after", "0a2c1e7a7dec11d0a76500a0c91e6bf6", "PX", "300000"}));
        QTRY_VERIFY_WITH_TIMEOUT(
            locks->rowOf(lockKey(m_setup->replica(), QStringLiteral("lock:after"))) >= 0, 15000);
        QCOMPARE(locks->rowOf(lockKey(m_setup->master(), QStringLiteral("lock:before"))), -1);
        QTRY_COMPARE_WITH_TIMEOUT(statusText(window, "statusTopology"),
            QStringLiteral("sentinel master %1").arg(addressOf(m_setup->replica())), 15000);
        QCOMPARE(controller.status().state, ConnectionStatus::State::Connected);
    }
};

QTEST_MAIN(tst_SentinelMonitor)
#include "tst_SentinelMonitor.moc"
