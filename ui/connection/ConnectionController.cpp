#include "connection/ConnectionController.h"

#include "connection/ConnectionWorker.h"

#include <QSettings>

#include <QThread>

namespace lockscope::ui {

namespace {

void registerMetaTypes()
{
    qRegisterMetaType<ConnectionStatus>();
    qRegisterMetaType<ServerSummary>();
    qRegisterMetaType<QThread*>();
}

} // namespace

ConnectionController::ConnectionController(QObject* parent)
    : QObject(parent)
{
    registerMetaTypes();
}

ConnectionController::~ConnectionController()
{
    close();
    // m_threads waits for the retired workers: each wait is bounded by the connection's timeouts.
}

void ConnectionController::open(const ConnectionOptions& options, const QString& label)
{
    close();
    m_profileId.clear();
    openWith(options, label, std::nullopt);
}

void ConnectionController::openProfile(const ConnectionOptions& options, const QString& label,
    const QString& profileId, bool production, const MonitorSettings& monitor)
{
    close();
    m_profileId = profileId;
    m_profileProduction = production;
    openWith(options, label, monitor);
}

void ConnectionController::openWith(
    const ConnectionOptions& options, const QString& label, std::optional<MonitorSettings> monitor)
{
    ConnectionOptions workerOptions = options;
    // The worker paces reconnects itself (and reports each failure); the connection's own retry
    // loop would hold the worker silently for its whole budget.
    workerOptions.reconnect.budget = std::chrono::milliseconds(0);

    const quint64 generation = m_threads.beginGeneration();
    m_label = label;
    m_options = options;
    m_summary = ServerSummary {};
    auto* worker = new ConnectionWorker(workerOptions, m_refreshInterval);
    QThread* thread = m_threads.adopt(worker, QStringLiteral("lockscope-redis-io"));
    m_worker = worker;
    connect(thread, &QThread::started, worker, &ConnectionWorker::start);
    connect(
        worker, &ConnectionWorker::statusChanged, this, [this, generation](const ConnectionStatus& status) {
            if (m_threads.isCurrent(generation))
                updateStatus(status);
        });
    connect(
        worker, &ConnectionWorker::summaryRefreshed, this, [this, generation](const ServerSummary& summary) {
            if (!m_threads.isCurrent(generation))
                return;
            m_summary = summary;
            Q_EMIT summaryRefreshed(summary);
        });
    connect(worker, &ConnectionWorker::refreshStarted, this, [this, generation](QThread* ioThread) {
        if (m_threads.isCurrent(generation))
            Q_EMIT refreshStarted(ioThread);
    });
    // Announced once the controller is open, so that listeners see isOpen() true.
    ConnectionStatus connecting;
    connecting.state = ConnectionStatus::State::Connecting;
    connecting.endpoint = QString::fromStdString(options.describe());
    connecting.readOnly = options.readOnly;
    updateStatus(connecting);
    thread->start();
    Q_EMIT openedWith(workerOptions, monitor);
    Q_EMIT opened(label);
    Q_EMIT productionMarkChanged(isProductionMarked());
}

void ConnectionController::close()
{
    if (!m_threads.isRunning())
        return;
    m_threads.retire();
    Q_EMIT closed();
    m_worker = nullptr;
    ConnectionStatus closed;
    closed.endpoint = m_status.endpoint;
    closed.readOnly = m_status.readOnly;
    updateStatus(closed);
}

namespace {

QString productionKey(const ConnectionOptions& options)
{
    // The endpoint as described (never with a password), one flag per server.
    return QStringLiteral("production/%1")
        .arg(QString::fromUtf8(
            QString::fromStdString(options.describe()).toUtf8().toBase64(QByteArray::Base64UrlEncoding)));
}

} // namespace

bool ConnectionController::isProductionMarked() const
{
    if (!isOpen())
        return false;
    if (!m_profileId.isEmpty())
        return m_profileProduction;
    return QSettings().value(productionKey(m_options), false).toBool();
}

void ConnectionController::setProductionMarked(bool production)
{
    if (!isOpen() || production == isProductionMarked())
        return;
    if (!m_profileId.isEmpty())
        m_profileProduction = production; // the profile's owner saves it (ProfileConnector)
    else
        QSettings().setValue(productionKey(m_options), production);
    Q_EMIT productionMarkChanged(production);
}

void ConnectionController::refreshNow()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &ConnectionWorker::refreshNow, Qt::QueuedConnection);
}

void ConnectionController::updateStatus(const ConnectionStatus& status)
{
    if (status == m_status)
        return;
    m_status = status;
    Q_EMIT statusChanged(status);
}

} // namespace lockscope::ui
