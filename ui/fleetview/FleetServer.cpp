#include "fleetview/FleetServer.h"

#include "base/WorkerThreads.h"
#include "connection/ConnectionController.h"
#include "lockhistory/HistoryRecording.h"
#include "monitor/LockMonitorController.h"

namespace lockscope::ui {

FleetServer::FleetServer(quint16 id, ConnectionController& connection, LockMonitorController& monitor,
    HistoryRecording& history, QObject* parent)
    : QObject(parent)
    , m_id(id)
    , m_connection(connection)
    , m_monitor(monitor)
    , m_history(history)
{
    m_monitor.setServer(id);
    follow();
}

FleetServer* FleetServer::create(quint16 id, QObject* parent)
{
    // The controllers are created first and parented to the server once it exists: they go
    // when it goes (each waiting for its threads).
    auto* connection = new ConnectionController;
    auto* monitor = new LockMonitorController;
    auto* history = new HistoryRecording;
    auto* server = new FleetServer(id, *connection, *monitor, *history, parent);
    monitor->setParent(server);
    history->setParent(server);
    connection->setParent(server);
    return server;
}

FleetServer::~FleetServer()
{
    m_monitor.disconnect(this);
    m_connection.disconnect(this);
    m_history.disconnect(this);
}

void FleetServer::follow()
{
    // Connected before the monitor follows the connection: the monitor opens with the sink.
    connect(&m_connection, &ConnectionController::openedWith, this,
        [this](const ConnectionOptions&, const std::optional<MonitorSettings>& monitor) {
            const MonitorSettings settings = monitor.value_or(MonitorSettings {});
            m_history.setAlertRules(HistoryRecording::alertRulesOf(settings));
            // The profile's history database (a file or a PostgreSQL URL), else this server's file.
            const QString database = settings.historyDatabase.isEmpty()
                ? HistoryRecording::defaultPath(name())
                : settings.historyDatabase;
            m_monitor.setEventSink(m_history.start(settings.recordHistory ? database : QString(), name()));
            // Admin actions go to the history as well (who, why), named as its rows name the server.
            m_monitor.setAuditHistory(
                {settings.recordHistory ? database.toStdString() : std::string(), name().toStdString(),
                    m_connection.profileId().isEmpty() ? std::string() : name().toStdString()});
        });
    connect(&m_connection, &ConnectionController::closed, &m_history, &HistoryRecording::stop);
    m_monitor.follow(m_connection);
    connect(&m_connection, &ConnectionController::statusChanged, this, &FleetServer::noteStatus);
    connect(&m_connection, &ConnectionController::opened, this, &FleetServer::changed);
    connect(&m_connection, &ConnectionController::summaryRefreshed, this, &FleetServer::changed);
    connect(&m_monitor, &LockMonitorController::statusChanged, this, &FleetServer::changed);
    connect(&m_history, &HistoryRecording::alertRaised, this, &FleetServer::alertRaised);
    connect(&m_history, &HistoryRecording::activeAlertsChanged, this,
        [this](const std::vector<LockAlert>& alerts) {
            m_alertsFiring = int(alerts.size());
            Q_EMIT changed();
        });
}

QString FleetServer::name() const
{
    if (!m_connection.label().isEmpty())
        return m_connection.label();
    const ConnectionOptions& options = m_connection.options();
    if (options.host.empty())
        return m_connection.status().endpoint;
    const QString hostPort
        = QStringLiteral("%1:%2").arg(QString::fromStdString(options.host)).arg(options.port);
    // Two databases of one server are two servers of the fleet, with locks of the same names.
    return options.database == 0 ? hostPort : QStringLiteral("%1/%2").arg(hostPort).arg(options.database);
}

QString FleetServer::endpointKeyOf(const ConnectionOptions& options)
{
    // Another database on the same server holds other locks: not a duplicate.
    return QStringLiteral("%1/%2").arg(QString::fromStdString(options.describe())).arg(options.database);
}

QString FleetServer::endpointKey() const
{
    return endpointKeyOf(m_connection.options());
}

bool FleetServer::isOpen() const
{
    return m_connection.isOpen();
}

void FleetServer::open(const ConnectionOptions& options, const QString& label)
{
    m_credentialsRefused.clear();
    m_connection.open(options, label);
}

void FleetServer::openProfile(const ConnectionOptions& options, const QString& label,
    const QString& profileId, bool production, const MonitorSettings& settings)
{
    m_credentialsRefused.clear();
    m_connection.openProfile(options, label, profileId, production, settings);
}

void FleetServer::close()
{
    m_connection.close();
}

void FleetServer::closeAndDeleteLater()
{
    close();
    // Removed from the window: what it says while its threads end reaches nobody.
    blockSignals(true);
    m_deleting = true;
    connect(&m_connection.threads(), &WorkerThreads::allFinished, this, &FleetServer::deleteIfFinished);
    connect(&m_monitor.threads(), &WorkerThreads::allFinished, this, &FleetServer::deleteIfFinished);
    deleteIfFinished();
}

void FleetServer::deleteIfFinished()
{
    // The history's own thread only flushes to its database: its controller ends it on deletion.
    if (m_deleting && !m_connection.threads().hasThreads() && !m_monitor.threads().hasThreads())
        deleteLater();
}

void FleetServer::noteStatus(const ConnectionStatus& status)
{
    // The connection does not retry refused credentials (see ConnectionWorker); neither does the
    // monitor, until the server is opened again with other settings.
    if (status.authFailed) {
        m_credentialsRefused = status.error;
        m_monitor.close();
    }
    Q_EMIT changed();
}

} // namespace lockscope::ui
