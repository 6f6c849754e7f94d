#include "app/MainWindow.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "monitor/admin/LockActionDialog.h"
#include "redis/ClusterSlots.h"
#include "support/deployments/ClusterTestCase.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QTableView>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

QString statusText(const MainWindow& window, const char* objectName)
{
    auto* label = window.findChild<QLabel*>(QString::fromLatin1(objectName));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(objectName));
}

} // namespace

// The GUI on a Redis Cluster of three masters: the status bar names the topology, the table
// holds the locks of every master with their node, and admin actions reach the right master.
class tst_ClusterMonitor : public test::ClusterTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    ConnectionOptions options() const { return m_cluster->seedOptions(GuiConnectionDefaults::options()); }

    // A lock name whose slot lives on master `index` (as the cluster says).
    std::string nameOnMaster(size_t index, const std::string& prefix)
    {
        for (int i = 0; i < 10000; ++i) {
            const std::string name = prefix + ":" + std::to_string(i);
            auto owner = m_cluster->ownerOf(clusterKeySlot(name));
            if (owner && *owner == index)
                return name;
        }
        return {};
    }

    LockId keyOf(size_t index, const std::string& name) const
    {
        return LockId(0, m_cluster->node(index).toString(), name);
    }

    static void openAndWait(
        ConnectionController& controller, const MainWindow& window, const ConnectionOptions& options)
    {
        controller.open(options);
        QTRY_COMPARE_WITH_TIMEOUT(window.monitor().status().state, MonitorStatus::State::Watching, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 20000);
    }

private Q_SLOTS:
    void init()
    {
        for (size_t i = 0; i < m_cluster->size(); ++i)
            QVERIFY(m_cluster->direct(i).command({"FLUSHALL"}));
    }

    void theStatusBarShowsTheClusterAndItsMasters()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        openAndWait(controller, window, options());
        QTRY_COMPARE_WITH_TIMEOUT(
            statusText(window, "statusTopology"), QStringLiteral("cluster, 3 masters"), 10000);
        const QString masters = statusText(window, "serverClusterMasters");
        for (size_t i = 0; i < m_cluster->size(); ++i)
            QVERIFY2(
                masters.contains(QString::fromStdString(m_cluster->node(i).toString())), qPrintable(masters));
    }

    void locksOnEveryMasterAppearWithTheirNode()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        openAndWait(controller, window, options());
        LockTableModel* locks = window.monitorView()->lockModel();
        std::vector<LockId> keys;
        for (size_t i = 0; i < m_cluster->size(); ++i) {
            const std::string name = nameOnMaster(i, "lock:orders");
            QVERIFY(!name.empty());
            QVERIFY(m_cluster->direct(i).command(
                {"SET", name, "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", "60000"}));
            keys.push_back(keyOf(i, name));
        }
        for (size_t i = 0; i < m_cluster->size(); ++i) {
            const LockId& key = keys[i];
            QTRY_VERIFY2_WITH_TIMEOUT(locks->rowOf(key) >= 0, key.name().c_str(), 10000);
            const int row = locks->rowOf(key);
            QCOMPARE(locks->index(row, LockTableModel::NodeColumn).data().toString(),
                QString::fromStdString(m_cluster->node(i).toString()));
        }
        QCOMPARE(locks->rowCount(), 3);
        // Several masters: the node column is shown, and the node filter offers each one.
        QTableView* table = window.monitorView()->table();
        QVERIFY(!table->isColumnHidden(LockTableModel::NodeColumn));
        QCOMPARE(locks->nodes().size(), 3);
    }

    void forceReleaseOfALockOnTheLastMasterRemovesIt()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        const size_t last = m_cluster->size() - 1;
        const std::string name = nameOnMaster(last, "lock:payments");
        QVERIFY(!name.empty());
        QVERIFY(m_cluster->direct(last).command(
            {"SET", name, "0a2c1e7a7dec11d0a76500a0c91e6bf6", "PX", "60000"}));
        openAndWait(controller, window, options());
        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(last, name);
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 10000);
        QVERIFY(view->selectLock(key));

        QString nodeShown;
        view->setDialogHook([&nodeShown](LockActionDialog& dialog) {
            nodeShown = dialog.request().lock.node();
            dialog.findChild<QPushButton*>(QStringLiteral("confirmButton"))->click();
            return dialog.result() == QDialog::Accepted;
        });
        view->forceReleaseAction()->trigger();
        QCOMPARE(nodeShown, QString::fromStdString(m_cluster->node(last).toString()));

        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) < 0, 10000);
        auto exists = m_cluster->direct(last).command({"EXISTS", name});
        QVERIFY(exists && exists->integer() == 0);
        QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QLabel*>(QStringLiteral("adminResultLabel"))
                                     ->text()
                                     .contains(QString::fromStdString(name)),
            10000);
    }
};

QTEST_MAIN(tst_ClusterMonitor)
#include "tst_ClusterMonitor.moc"
