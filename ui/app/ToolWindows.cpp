#include "app/ToolWindows.h"

#include "connection/ConnectionController.h"
#include "tools/contention/ContentionDemoView.h"
#include "tools/stress/StressPanel.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

namespace lockscope::ui {

ToolWindows::ToolWindows(QMainWindow& window, ConnectionController& controller)
    : QObject(&window)
    , m_window(window)
    , m_controller(controller)
{
    setObjectName(QStringLiteral("toolWindows"));
    m_stressAction = new QAction(tr("&Stress Test…"), this);
    m_stressAction->setObjectName(QStringLiteral("stressAction"));
    m_stressAction->setStatusTip(tr("Run many clients against a lock and measure throughput, latency, "
                                    "fairness and mutual-exclusion violations"));
    connect(m_stressAction, &QAction::triggered, this, &ToolWindows::showStressPanel);
    m_demoAction = new QAction(tr("&Contention Demo…"), this);
    m_demoAction->setObjectName(QStringLiteral("demoAction"));
    m_demoAction->setStatusTip(
        tr("Watch short stories of locks under contention, and why the naive ones break"));
    connect(m_demoAction, &QAction::triggered, this, &ToolWindows::showDemoView);

    // Before Help, which stays the last menu by convention.
    auto* tools = new QMenu(tr("&Tools"), &window);
    tools->setObjectName(QStringLiteral("toolsMenu"));
    tools->addAction(m_stressAction);
    tools->addAction(m_demoAction);
    const auto menus = window.menuBar()->actions();
    if (menus.isEmpty())
        window.menuBar()->addMenu(tools);
    else
        window.menuBar()->insertMenu(menus.last(), tools);

    connect(&m_controller, &ConnectionController::statusChanged, this, &ToolWindows::updateConnections);
    connect(&m_controller, &ConnectionController::opened, this, &ToolWindows::updateConnections);
}

StressPanel* ToolWindows::showStressPanel()
{
    if (!m_stressPanel) {
        m_stressPanel = new StressPanel(&m_window);
        m_stressPanel->setWindowFlag(Qt::Window);
        // The drills hit the connected server, whose lock history the main window records.
        connect(m_stressPanel, &StressPanel::faultsInjected, this,
            [this](long long count, const QString& drills) {
                const QString node = QStringLiteral("%1:%2")
                                         .arg(QString::fromStdString(m_controller.options().host))
                                         .arg(m_controller.options().port);
                Q_EMIT faultsMarked(node,
                    tr("%n fault(s) injected by the stress test (%1)", nullptr, int(count)).arg(drills));
            });
        updateConnections();
    }
    m_stressPanel->show();
    m_stressPanel->raise();
    m_stressPanel->activateWindow();
    return m_stressPanel;
}

ContentionDemoView* ToolWindows::showDemoView()
{
    if (!m_demoView) {
        m_demoView = new ContentionDemoView(&m_window);
        m_demoView->setWindowFlag(Qt::Window);
        updateConnections();
    }
    m_demoView->show();
    m_demoView->raise();
    m_demoView->activateWindow();
    return m_demoView;
}

void ToolWindows::updateConnections()
{
    std::optional<ConnectionOptions> connection;
    if (m_controller.isOpen())
        connection = m_controller.options();
    const QString where
        = m_controller.label().isEmpty() ? m_controller.status().endpoint : m_controller.label();
    if (m_stressPanel)
        m_stressPanel->setConnection(connection, where);
    if (m_demoView)
        m_demoView->setConnection(connection, where);
}

} // namespace lockscope::ui
