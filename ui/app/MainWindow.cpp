#include "app/MainWindow.h"

#include "app/ConnectionStatusBar.h"
#include "app/MainWindowSettings.h"
#include "app/ToolWindows.h"
#include "base/CoreTexts.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "connection/ServerSummaryPanel.h"
#include "fleetview/Fleet.h"
#include "fleetview/FleetPanel.h"
#include "fleetview/FleetServer.h"
#include "lockhistory/HistoryRecording.h"
#include "lockhistory/HistoryWindow.h"
#include "lockhistory/LockAlertText.h"
#include "monitor/LockDetailPane.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockRecord.h"
#include "monitor/LockTableModel.h"
#include "monitor/LocksEmptyState.h"
#include "monitor/admin/LockAdminAction.h"
#include "profiles/ConnectionManagerDialog.h"
#include "profiles/ConnectionProfile.h"
#include "profiles/ProfileConnector.h"
#include "redis/RedisUrl.h"
#include "samplelocks/SampleLocksBanner.h"
#include "samplelocks/SampleLocksController.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

const QString lastUrlKey = QStringLiteral("connection/lastUrl");

} // namespace

MainWindow::MainWindow(ConnectionController& controller, QWidget* parent)
    : QMainWindow(parent)
    , m_controller(controller)
    , m_monitor(new LockMonitorController)
    , m_history(new HistoryRecording(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QApplication::windowIcon());
    m_connections = new ProfileConnector(m_controller, this);
    // The window's connection is the fleet's first server: its history and alerts follow it.
    m_fleet = new Fleet(m_controller, *m_monitor, *m_history, *m_connections, this);
    connect(m_history, &HistoryRecording::problemOccurred, this, [this](const QString& problem) {
        statusBar()->showMessage(tr("Lock history is off: %1").arg(problem));
    });
    createActions();
    createCentralArea();
    followFleet();
    createMenus();
    auto* tools = new ToolWindows(*this, m_controller); // the Tools menu: stress test and contention demo
    // A stress run's injected faults are marks on the history of the server they hit.
    connect(tools, &ToolWindows::faultsMarked, this, [this](const QString& node, const QString& detail) {
        m_history->recordMark(QStringLiteral("fault"), node, {}, detail);
    });
    createHistoryAction();
    followSelectedLockStatistics();
    createToolBar();
    m_monitorView->table()->setFocus(); // not the filter box: typing there is a choice
    // Parented only now, so that it is the last of the children created so far: Qt deletes
    // children in order, and the views holding a reference to the monitor go first.
    m_monitor->setParent(this);
    m_statusBar = new ConnectionStatusBar(this);
    setStatusBar(m_statusBar);

    connect(&m_controller, &ConnectionController::statusChanged, this, &MainWindow::showStatus);
    connect(&m_controller, &ConnectionController::summaryRefreshed, this, &MainWindow::showSummary);
    connect(&m_controller, &ConnectionController::opened, this, &MainWindow::updateTitle);
    connect(m_monitor, &LockMonitorController::statusChanged, this, &MainWindow::showMonitor);
    connect(m_monitorView, &LockMonitorView::lockCountChanged, this, &MainWindow::showMonitor);
    connect(m_monitorView, &LockMonitorView::message, this,
        [this](const QString& text) { m_statusBar->showMessage(text, 15000); });
    connect(m_connections, &ProfileConnector::failed, this,
        [this](const QString& text) { m_statusBar->showMessage(text, 15000); });
    m_monitorView->emptyState()->setConnectionsAction(m_connectionsAction);
    connect(&m_controller, &ConnectionController::productionMarkChanged, this, [this](bool production) {
        const QSignalBlocker block(m_productionAction);
        m_productionAction->setChecked(production);
        m_monitorView->setProductionMarked(production);
    });
    showStatus(m_controller.status());
    if (m_controller.status().state == ConnectionStatus::State::Connected)
        showSummary(m_controller.summary());

    resize(1280, 760);
    MainWindowSettings::restore(*this, *m_monitorView);
    updateTitle();
}

MainWindow::~MainWindow()
{
    // The monitor is deleted with the children, after this window's own members: what it
    // announces while closing must not reach the half-destroyed window.
    m_monitor->disconnect(this);
    m_history->disconnect(this); // it announces its alerts gone while it closes
    // The added servers go while the views they feed are whole.
    delete m_fleet;
}

void MainWindow::followFleet()
{
    auto follow = [this](FleetServer* server) {
        const quint16 id = server->id();
        if (server != &m_fleet->first())
            m_monitorView->addServer(server->monitor(), server->name());
        connect(server, &FleetServer::changed, this, [this, server] {
            m_monitorView->renameServer(server->id(), server->name());
            m_monitorView->showServerConnection(server->id(), server->connection().status());
        });
        connect(&server->connection(), &ConnectionController::productionMarkChanged, this,
            [this, id](bool production) { m_monitorView->setServerProductionMarked(id, production); });
        connect(server, &FleetServer::alertRaised, this,
            [this, server](const QString& lock, const QString& text) {
                showAlert(
                    lock, m_fleet->servers().size() > 1 ? tr("%1: %2").arg(server->name(), text) : text);
            });
        // Admin actions become marks on the history's timeline, with what came of them.
        connect(&server->monitor(), &LockMonitorController::adminPerformed, this,
            [server](const LockAdminReport& report) {
                server->history().recordMark(
                    QStringLiteral("admin"), report.lock.node(), report.lock.snapshot().name, report.message);
            });
        // The locks alerting now are highlighted in the table, with the alert in their tooltip.
        connect(&server->history(), &HistoryRecording::activeAlertsChanged, this,
            [this, id](const std::vector<LockAlert>& alerts) {
                LockTableModel::Alerts byKey;
                for (const LockAlert& alert : alerts) {
                    QString& text = byKey[LockId(id, alert.node, alert.lock)];
                    text += (text.isEmpty() ? QString() : QStringLiteral("\n"))
                        + LockAlertText::describe(alert);
                }
                // No entry for a server without alerts (a removed one's last word is "none").
                if (byKey.empty())
                    m_alertsByServer.remove(id);
                else
                    m_alertsByServer.insert(id, byKey);
                showAlerts();
            });
        showFleet();
    };
    for (FleetServer* server : m_fleet->servers())
        follow(server);
    connect(m_fleet, &Fleet::serverAdded, this, follow);
    connect(m_fleet, &Fleet::serverRemoved, this, [this](quint16 id) {
        m_monitorView->removeServer(id);
        m_alertsByServer.remove(id);
        showAlerts();
        showFleet();
    });
    connect(
        m_fleet, &Fleet::note, this, [this](const QString& text) { m_statusBar->showMessage(text, 15000); });
    connect(m_fleetPanel, &FleetPanel::serverSelected, m_monitorView, &LockMonitorView::setServerFilter);
    connect(m_fleetPanel, &FleetPanel::addUrlRequested, this, &MainWindow::addServerByUrl);
    connect(&m_controller, &ConnectionController::opened, this,
        [this] { m_monitorView->renameServer(m_fleet->first().id(), m_fleet->first().name()); });
}

void MainWindow::showAlerts()
{
    LockTableModel::Alerts all;
    for (const LockTableModel::Alerts& alerts : std::as_const(m_alertsByServer))
        all.insert(alerts.begin(), alerts.end());
    m_monitorView->lockModel()->setAlerts(all);
}

void MainWindow::showFleet()
{
    // One server: its summary, as before; more: the fleet, with a row each.
    const bool fleet = m_fleet->servers().size() > 1;
    m_fleetPanel->setVisible(fleet);
    m_summaryColumn->setVisible(!fleet);
}

void MainWindow::addServerByUrl()
{
    QSettings settings;
    bool accepted = false;
    const QString url = QInputDialog::getText(this, tr("Add Server"),
        tr("URL of the server to open beside the others (redis://, rediss://, unix://, redis+sentinel://):"),
        QLineEdit::Normal, settings.value(lastUrlKey, QStringLiteral("redis://127.0.0.1:6379")).toString(),
        &accepted);
    if (!accepted || url.trimmed().isEmpty())
        return;
    const QString error = addServer(url.trimmed());
    if (error.isEmpty())
        settings.setValue(lastUrlKey, urlWithoutPassword(url.trimmed()));
    else
        QMessageBox::warning(this, tr("Cannot add the server"), tr("The URL is not valid: %1").arg(error));
}

QString MainWindow::addServer(const QString& url)
{
    auto options = parseRedisUrl(url.toStdString(), GuiConnectionDefaults::options());
    if (!options)
        return CoreTexts::translated(redisUrlProblem(url.toStdString()));
    m_fleet->openUrl(*options, url);
    return {};
}

quint16 MainWindow::currentServer() const
{
    if (const auto selected = m_fleetPanel->selectedServer())
        return *selected;
    return m_monitorView->selectedServer().value_or(m_fleet->first().id());
}

HistoryRecording& MainWindow::historyOf(quint16 server) const
{
    FleetServer* open = m_fleet->server(server);
    return open ? open->history() : *m_history;
}

void MainWindow::createHistoryAction()
{
    m_historyAction = new QAction(tr("Lock &History…"), this);
    m_historyAction->setObjectName(QStringLiteral("historyAction"));
    m_historyAction->setStatusTip(
        tr("Who held which lock when: the recorded holds as a timeline, with statistics"));
    connect(m_historyAction, &QAction::triggered, this, &MainWindow::showHistory);
    if (auto* tools = findChild<QMenu*>(QStringLiteral("toolsMenu")))
        tools->addAction(m_historyAction);
    auto follow = [this] {
        if (m_historyWindow) {
            const HistoryRecording& history = historyOf(m_historyServer);
            m_historyWindow->setDatabase(history.databasePath(), history.problem());
        }
    };
    auto followServer = [this, follow](FleetServer* server) {
        connect(&server->history(), &HistoryRecording::databaseChanged, this, follow);
        connect(&server->history(), &HistoryRecording::problemOccurred, this, follow);
    };
    for (FleetServer* server : m_fleet->servers())
        followServer(server);
    connect(m_fleet, &Fleet::serverAdded, this, followServer);
}

void MainWindow::showAlert(const QString& lock, const QString& text)
{
    statusBar()->showMessage(tr("Alert: %1").arg(text));
    // A desktop notification where there is a tray to show it (created on the first alert).
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return;
    if (!m_tray) {
        m_tray = new QSystemTrayIcon(windowIcon(), this);
        m_tray->setToolTip(QApplication::applicationDisplayName());
        m_tray->show();
    }
    m_tray->showMessage(tr("LockScope alert: %1").arg(lock), text, QSystemTrayIcon::Warning);
}

void MainWindow::followSelectedLockStatistics()
{
    // A day is what "who held it last night" needs; the query is bounded and indexed.
    constexpr long long window = 24LL * 3600 * 1000;
    auto request = [this] {
        if (m_statisticsLock)
            historyOf(m_statisticsLock->server()).requestStatistics(*m_statisticsLock, window);
    };
    connect(m_monitorView, &LockMonitorView::selectedLockChanged, this,
        [this, request](const std::optional<LockId>& lock) {
            m_statisticsLock = lock;
            request();
        });
    auto showStatistics = [this](FleetServer* server) {
        connect(&server->history(), &HistoryRecording::statisticsRead, m_monitorView->detailPane(),
            &LockDetailPane::showStatistics);
    };
    for (FleetServer* server : m_fleet->servers())
        showStatistics(server);
    connect(m_fleet, &Fleet::serverAdded, this, showStatistics);
    // Holds end while the lock stays selected, and the recorder commits once a second: read again.
    auto* refresh = new QTimer(this);
    refresh->setInterval(5000);
    connect(refresh, &QTimer::timeout, this, [this, request] {
        if (isVisible())
            request();
    });
    refresh->start();
}

HistoryWindow* MainWindow::showHistory()
{
    // The history of the server chosen in the fleet panel, or of the selected lock's server.
    m_historyServer = currentServer();
    const HistoryRecording& history = historyOf(m_historyServer);
    if (m_historyWindow)
        m_historyWindow->setDatabase(history.databasePath(), history.problem());
    if (!m_historyWindow) {
        m_historyWindow = new HistoryWindow(this);
        m_historyWindow->setWindowFlag(Qt::Window);
        m_historyWindow->setDatabase(history.databasePath(), history.problem());
        connect(m_historyWindow, &HistoryWindow::lockSelected, this,
            [this](const QString& lock, const QString& node) {
                // The window shows the history of one server: the lock is on that one.
                m_monitorView->selectLock(LockId(m_historyServer, node.toStdString(), lock.toStdString()));
            });
    }
    if (FleetServer* server = m_fleet->server(m_historyServer); server && m_fleet->servers().size() > 1)
        m_historyWindow->setWindowTitle(tr("Lock History — %1").arg(server->name()));
    m_historyWindow->show();
    m_historyWindow->raise();
    m_historyWindow->activateWindow();
    return m_historyWindow;
}

void MainWindow::createActions()
{
    m_connectAction = new QAction(
        QIcon::fromTheme(QStringLiteral("network-connect"), style()->standardIcon(QStyle::SP_DriveNetIcon)),
        tr("&Connect to URL…"), this);
    m_connectAction->setObjectName(QStringLiteral("connectAction"));
    m_connectAction->setShortcut(QKeySequence::Open);
    // Beside the servers open, never in place of one: the others keep running.
    m_connectAction->setStatusTip(
        tr("Open another server beside the ones open: one table for the locks of all"));
    m_connectAction->setToolTip(tr("Connect to a Redis server (redis://, rediss://, unix://, "
                                   "redis+sentinel://)"));
    connect(m_connectAction, &QAction::triggered, this, &MainWindow::addServerByUrl);

    m_connectionsAction = new QAction(
        QIcon::fromTheme(QStringLiteral("network-server"), style()->standardIcon(QStyle::SP_DirLinkIcon)),
        tr("Co&nnections…"), this);
    m_connectionsAction->setObjectName(QStringLiteral("connectionsAction"));
    m_connectionsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_connectionsAction->setStatusTip(tr("Manage saved connections and connect to one"));
    m_connectionsAction->setToolTip(
        tr("Saved connections: add, edit, test and connect (%1)")
            .arg(m_connectionsAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_connectionsAction, &QAction::triggered, this, &MainWindow::manageConnections);

    m_refreshAction = new QAction(
        QIcon::fromTheme(QStringLiteral("view-refresh"), style()->standardIcon(QStyle::SP_BrowserReload)),
        tr("&Refresh Now"), this);
    m_refreshAction->setObjectName(QStringLiteral("refreshAction"));
    m_refreshAction->setShortcut(QKeySequence::Refresh);
    m_refreshAction->setStatusTip(tr("Ask the server for a fresh summary and list every lock again"));
    connect(m_refreshAction, &QAction::triggered, this, [this] {
        for (FleetServer* server : m_fleet->servers()) {
            server->connection().refreshNow();
            server->monitor().relist();
        }
    });

    m_sandboxAction = new QAction(tr("Connect to &Sandbox"), this);
    m_sandboxAction->setObjectName(QStringLiteral("sandboxAction"));
    m_sandboxAction->setStatusTip(
        tr("Connect to the private redis-server LockScope runs on this computer (started when needed)"));
    m_sandboxAction->setVisible(false);
    connect(m_sandboxAction, &QAction::triggered, m_connections, &ProfileConnector::connectSandbox);

    m_productionAction = new QAction(tr("Mark as &Production"), this);
    m_productionAction->setObjectName(QStringLiteral("productionAction"));
    m_productionAction->setCheckable(true);
    m_productionAction->setStatusTip(
        tr("Admin actions on a production connection ask for the lock's name to be "
           "typed"));
    connect(m_productionAction, &QAction::toggled, &m_controller, &ConnectionController::setProductionMarked);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_connectionsAction);
    file->addAction(m_connectAction);
    file->addAction(m_sandboxAction);
    file->addAction(m_productionAction);
    file->addSeparator();
    file->addAction(m_monitorView->exportAction());
    file->addSeparator();
    // Quit and the About entries live only in their menus (the menu owns them).
    QAction* quit = file->addAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    view->addAction(m_refreshAction);
    view->addSeparator();
    // The toolbar's own toggle is added once the toolbar exists (createToolBar).

    QMenu* lock = menuBar()->addMenu(tr("&Lock"));
    lock->setObjectName(QStringLiteral("lockMenu"));
    lock->addAction(m_monitorView->goToAction());
    lock->addSeparator();
    lock->addAction(m_monitorView->forceReleaseAction());
    lock->addAction(m_monitorView->extendAction());
    lock->addAction(m_monitorView->removeWaitersAction());
    lock->addSeparator();
    lock->addAction(m_monitorView->copyNameAction());
    lock->addAction(m_monitorView->copyDetailsAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(QApplication::windowIcon(), tr("&About LockScope"));
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);
    QAction* aboutQt = help->addAction(tr("About &Qt"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createToolBar()
{
    m_toolBar = addToolBar(tr("Main Toolbar"));
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->setMovable(false);
    m_toolBar->addAction(m_connectionsAction);
    m_toolBar->addAction(m_connectAction);
    m_toolBar->addAction(m_refreshAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_monitorView->forceReleaseAction());
    m_toolBar->addAction(m_monitorView->extendAction());
    m_toolBar->addAction(m_monitorView->exportAction());
    QAction* toggle = m_toolBar->toggleViewAction();
    toggle->setText(tr("Show &Toolbar"));
    if (auto* view = menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu")))
        view->addAction(toggle);
}

void MainWindow::createCentralArea()
{
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("centralSplitter"));
    splitter->setChildrenCollapsible(false);
    // The summary keeps its natural height at the top of the left column.
    auto* summaryColumn = new QWidget(splitter);
    m_summaryColumn = summaryColumn;
    auto* summaryLayout = new QVBoxLayout(summaryColumn);
    summaryLayout->setContentsMargins(0, 0, 0, 0);
    m_summaryPanel = new ServerSummaryPanel(summaryColumn);
    summaryLayout->addWidget(m_summaryPanel);
    summaryLayout->addStretch(1);
    summaryColumn->setMinimumWidth(230);
    summaryColumn->setMaximumWidth(360);
    auto* monitorColumn = new QSplitter(Qt::Vertical, splitter);
    monitorColumn->setObjectName(QStringLiteral("fleetSplitter"));
    monitorColumn->setChildrenCollapsible(false);
    m_monitorView = new LockMonitorView(*m_monitor, monitorColumn);
    m_fleetPanel = new FleetPanel(*m_fleet, *m_monitorView->lockModel(), monitorColumn);
    m_fleetPanel->setMinimumHeight(110);
    monitorColumn->addWidget(m_fleetPanel);
    monitorColumn->addWidget(m_monitorView);
    monitorColumn->setStretchFactor(0, 0);
    monitorColumn->setStretchFactor(1, 1);
    monitorColumn->setSizes({150, 600});
    m_sampleLocksBanner = new SampleLocksBanner(m_monitorView);
    m_monitorView->insertBanner(m_sampleLocksBanner);
    splitter->addWidget(summaryColumn);
    splitter->addWidget(monitorColumn);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({240, 1040});
    splitter->setContentsMargins(8, 8, 8, 8);
    setCentralWidget(splitter);
}

void MainWindow::showStatus(const ConnectionStatus& status)
{
    m_summaryPanel->showStatus(status, m_controller.label());
    m_statusBar->showStatus(status, m_controller.label());
    m_monitorView->showConnection(status);
    m_refreshAction->setEnabled(m_controller.isOpen());
    m_productionAction->setEnabled(m_controller.isOpen());
    updateTitle();
}

void MainWindow::showSummary(const ServerSummary& summary)
{
    m_summaryPanel->showSummary(summary);
    m_statusBar->showSummary(summary);
}

void MainWindow::showMonitor()
{
    m_statusBar->showMonitor(m_monitor->status(), m_monitorView->lockModel()->rowCount());
}

void MainWindow::updateTitle()
{
    const ConnectionStatus& status = m_controller.status();
    QString where = m_controller.label().isEmpty() ? status.endpoint : m_controller.label();
    setWindowTitle(where.isEmpty() ? tr("LockScope") : tr("%1 — LockScope").arg(where));
}

void MainWindow::manageConnections()
{
    ConnectionManagerDialog dialog(*m_connections, this);
    if (!m_controller.profileId().isEmpty())
        dialog.selectProfile(m_controller.profileId());
    dialog.exec();
}

QString MainWindow::urlWithoutPassword(const QString& url)
{
    return ConnectionProfile::urlWithoutPassword(url);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About LockScope"),
        tr("<h3>LockScope %1</h3>"
           "<p>Monitor and administer Redis distributed locks: see who holds what, for how long, "
           "and who waits.</p>"
           "<p>Built with Qt %2.</p>")
            .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

void MainWindow::offerSandbox(const QString& url)
{
    m_fleet->setSandboxUrl(url);
    // A sandbox started by someone else (GuiStartup gives a starter of its own first).
    if (!m_connections->sandboxAvailable())
        m_connections->setSandboxStarter([url](QString*) { return std::optional<QString>(url); });
    m_sandboxAction->setToolTip(tr("Connect to the sandbox at %1").arg(url));
    m_sandboxAction->setVisible(true);
}

void MainWindow::offerSampleLocks(const ConnectionOptions& options, bool withoutAsking)
{
    if (!m_sampleLocks) {
        m_sampleLocks = new SampleLocksController(this);
        connect(m_sampleLocks, &SampleLocksController::seeded, m_sampleLocksBanner,
            &SampleLocksBanner::showSeeded);
        // Notifications cannot map every part of a new LockScope semaphore to its lock: list again.
        connect(m_sampleLocks, &SampleLocksController::seeded, this, [this] { m_monitor->relist(); });
        connect(m_sampleLocks, &SampleLocksController::failed, m_sampleLocksBanner,
            &SampleLocksBanner::showFailed);
    }
    m_sampleLocksBanner->disconnect(this);
    connect(m_sampleLocksBanner, &SampleLocksBanner::accepted, this, [this, options] {
        m_sampleLocksBanner->showSeeding();
        m_sampleLocks->seed(options);
    });
    if (withoutAsking) {
        m_sampleLocksBanner->showSeeding();
        m_sampleLocks->seed(options);
    } else if (SampleLocksBanner::offerWanted()) {
        m_sampleLocksBanner->showOffer();
    }
}

void MainWindow::showStartupError(const QString& message)
{
    ConnectionStatus status = m_controller.status();
    status.error = message;
    m_summaryPanel->showStatus(status, m_controller.label());
    m_statusBar->showStatus(status, m_controller.label());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    MainWindowSettings::save(*this, *m_monitorView, m_fleet->entries());
    QMainWindow::closeEvent(event);
}

} // namespace lockscope::ui
