#pragma once

#include "connection/ConnectionStatus.h"
#include "connection/ServerSummary.h"
#include "monitor/LockTableModel.h"
#include "redis/ConnectionOptions.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

class QAction;
class QSystemTrayIcon;
class QToolBar;

namespace lockscope::ui {

class ConnectionController;
class ConnectionStatusBar;
class Fleet;
class FleetPanel;
class HistoryRecording;
class HistoryWindow;
class SampleLocksBanner;
class SampleLocksController;
class LockMonitorController;
class LockMonitorView;
class ProfileConnector;
class ServerSummaryPanel;

// The application frame: menus, toolbar, the server summary beside the lock monitor (or, with
// several servers open, the fleet panel above it), and the status bar. It shows what the ConnectionController
// reports and never talks to Redis itself. Geometry and toolbar state persist in QSettings.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(ConnectionController& controller, QWidget* parent = nullptr);
    ~MainWindow() override;

    QAction* connectAction() const { return m_connectAction; }
    QAction* connectionsAction() const { return m_connectionsAction; }
    // Saved connection profiles and the sandbox entry (see ConnectionManagerDialog).
    ProfileConnector* connections() const { return m_connections; }
    QAction* refreshAction() const { return m_refreshAction; }
    QAction* sandboxAction() const { return m_sandboxAction; }
    QAction* productionAction() const { return m_productionAction; }
    LockMonitorView* monitorView() const { return m_monitorView; }
    // The lock monitor of the controller's connection (opened and closed with it).
    LockMonitorController& monitor() const { return *m_monitor; }
    // Records every connection's lock events into its profile's history database.
    HistoryRecording& history() const { return *m_history; }
    // Tools › Lock History.
    QAction* historyAction() const { return m_historyAction; }
    // The servers open in this window; the controller's connection is the first.
    Fleet& fleet() const { return *m_fleet; }
    FleetPanel* fleetPanel() const { return m_fleetPanel; }
    // The URL as it may be remembered on disk: any password removed (passwords are never
    // written to disk). Empty when the URL cannot be cleaned safely.
    static QString urlWithoutPassword(const QString& url);

public Q_SLOTS:
    // File › Connections…: the connection manager.
    void manageConnections();
    // Opens the server at `url` beside the ones open; returns why not when the URL is malformed.
    QString addServer(const QString& url);
    // Asks for a URL and adds its server (File › Connect to URL, the fleet panel's Add): beside
    // the ones open, in the first server's place only while that is closed.
    void addServerByUrl();
    void showAbout();
    // Offers File › Connect to Sandbox for the sandbox server at `url` (started by GuiStartup),
    // so that the user can come back to it after opening another server.
    void offerSandbox(const QString& url);
    // Shows an error that happened before any connection (e.g. the sandbox did not start).
    void showStartupError(const QString& message);
    // The sandbox at `options` is in use: offer to fill it with sample locks (a banner, unless the
    // user said not to offer again), or fill it at once when `withoutAsking`.
    void offerSampleLocks(const ConnectionOptions& options, bool withoutAsking = false);
    SampleLocksBanner* sampleLocksBanner() const { return m_sampleLocksBanner; }
    // Opens (or raises) the lock history window of the server selected in the fleet panel, else
    // of the selected lock's server, else of the first.
    HistoryWindow* showHistory();
    // An alert of the lock history: in the status bar, and as a tray notification.
    void showAlert(const QString& lock, const QString& text);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createCentralArea();
    void createHistoryAction();
    void followFleet();
    void showFleet();
    // Every server's alerting locks, highlighted in the one table.
    void showAlerts();
    quint16 currentServer() const;
    HistoryRecording& historyOf(quint16 server) const;
    // The detail pane shows the selected lock's recorded hold statistics, kept fresh.
    void followSelectedLockStatistics();
    void showStatus(const ConnectionStatus& status);
    void showSummary(const ServerSummary& summary);
    void showMonitor();
    void updateTitle();

    ConnectionController& m_controller;
    LockMonitorController* m_monitor = nullptr;
    HistoryRecording* m_history = nullptr;
    QAction* m_historyAction = nullptr;
    Fleet* m_fleet = nullptr;
    FleetPanel* m_fleetPanel = nullptr;
    QWidget* m_summaryColumn = nullptr;
    quint16 m_historyServer = 0; // whose history the history window shows
    QHash<quint16, LockTableModel::Alerts> m_alertsByServer; // server -> its locks' alerts
    QPointer<HistoryWindow> m_historyWindow;
    std::optional<LockId> m_statisticsLock; // the lock whose statistics the detail pane shows
    QSystemTrayIcon* m_tray = nullptr;
    ServerSummaryPanel* m_summaryPanel = nullptr;
    LockMonitorView* m_monitorView = nullptr;
    ConnectionStatusBar* m_statusBar = nullptr;
    SampleLocksBanner* m_sampleLocksBanner = nullptr;
    SampleLocksController* m_sampleLocks = nullptr;
    QToolBar* m_toolBar = nullptr;
    QAction* m_connectAction = nullptr;
    QAction* m_connectionsAction = nullptr;
    ProfileConnector* m_connections = nullptr;
    QAction* m_refreshAction = nullptr;
    QAction* m_sandboxAction = nullptr;
    QAction* m_productionAction = nullptr;
};

} // namespace lockscope::ui
