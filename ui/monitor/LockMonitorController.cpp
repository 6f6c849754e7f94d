#include "monitor/LockMonitorController.h"
#include "connection/ConnectionController.h"

#include "common/CancellationToken.h"
#include "fleet/ServerWatch.h"
#include "inspect/admin/AuditLog.h"
#include "monitor/LockMonitorWorker.h"
#include "monitor/LockUpdateQueue.h"
#include "monitor/admin/LockAdminWorker.h"

#include <QProcessEnvironment>
#include <QThread>
#include <QTimer>

#include <map>

namespace lockscope::ui {

namespace {

void registerMetaTypes()
{
    qRegisterMetaType<LockUpdateBatch>();
    qRegisterMetaType<MonitorStatus>();
    qRegisterMetaType<LockAdminRequest>();
    qRegisterMetaType<LockAdminReport>();
    qRegisterMetaType<LockKeysReport>();
    qRegisterMetaType<LockRecord>();
}

std::string defaultAuditLogPath()
{
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    std::map<std::string, std::string> environment;
    for (const QString& name : system.keys())
        environment[name.toStdString()] = system.value(name).toStdString();
    return AuditLog::defaultPath(environment);
}

} // namespace

LockMonitorController::LockMonitorController(QObject* parent)
    : QObject(parent)
    , m_flushTimer(new QTimer(this))
    , m_auditLogPath(QString::fromStdString(defaultAuditLogPath()))
{
    registerMetaTypes();
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(150);
    connect(m_flushTimer, &QTimer::timeout, this, &LockMonitorController::flush);
}

LockMonitorController::~LockMonitorController()
{
    close(); // m_threads waits for the retired workers
}

void LockMonitorController::follow(const ConnectionController& connection)
{
    connect(&connection, &ConnectionController::openedWith, this,
        [this](const ConnectionOptions& options, const std::optional<MonitorSettings>& settings) {
            open(options, settings);
        });
    connect(&connection, &ConnectionController::closed, this, &LockMonitorController::close);
}

void LockMonitorController::open(const ConnectionOptions& options, std::optional<MonitorSettings> settings)
{
    close();
    m_options = options;
    if (settings) {
        m_settings = *settings;
    } else {
        m_settings = MonitorSettings {};
        m_settings.pollInterval = m_pollInterval;
    }
    const quint64 generation = m_threads.beginGeneration();
    m_queue = std::make_shared<LockUpdateQueue>();
    m_queue->setListingOrder(m_listingColumn, m_listingOrder);
    m_cancel = std::make_shared<CancellationToken>();

    m_watch = std::make_shared<ServerWatch>(options, LockMonitorWorker::watchOptions(m_settings));
    auto* monitor = new LockMonitorWorker(m_watch, m_settings, m_queue, m_cancel, m_sink);
    monitor->setServer(m_server);
    QThread* monitorThread = m_threads.adopt(monitor, QStringLiteral("lockscope-monitor"));
    // run() returns once cancelled; the thread then ends and takes the worker with it.
    connect(monitorThread, &QThread::started, monitor, &LockMonitorWorker::run);
    connect(monitor, &LockMonitorWorker::updatesPending, this, [this, generation] {
        if (m_threads.isCurrent(generation) && !m_flushTimer->isActive())
            m_flushTimer->start();
    });
    connect(
        monitor, &LockMonitorWorker::statusChanged, this, [this, generation](const MonitorStatus& status) {
            if (m_threads.isCurrent(generation))
                updateStatus(status);
        });

    auto* admin = new LockAdminWorker(options, m_auditLogPath.toStdString(), m_auditHistory);
    QThread* adminThread = m_threads.adopt(admin, QStringLiteral("lockscope-admin"));
    m_admin = admin;
    connect(admin, &LockAdminWorker::performed, this, [this, generation](const LockAdminReport& report) {
        if (m_threads.isCurrent(generation))
            Q_EMIT adminPerformed(report);
    });
    connect(admin, &LockAdminWorker::keysRead, this, [this, generation](const LockKeysReport& report) {
        if (m_threads.isCurrent(generation))
            Q_EMIT keysRead(report);
    });

    MonitorStatus starting;
    starting.state = MonitorStatus::State::Starting;
    starting.pollIntervalMs = m_settings.pollInterval.count();
    updateStatus(starting);
    monitorThread->start();
    adminThread->start();
}

void LockMonitorController::relist()
{
    if (!isOpen())
        return;
    // The table stays as it is until the new listing replaces it; what the listing finds
    // different comes after it as events (see ServerWatch::relist).
    m_watch->relist();
}

void LockMonitorController::close()
{
    if (!isOpen())
        return;
    stopWorkers();
    updateStatus(MonitorStatus {});
    LockUpdateBatch empty;
    empty.server = m_server;
    empty.reset = true;
    Q_EMIT batchReady(empty);
}

void LockMonitorController::stopWorkers()
{
    if (!isOpen())
        return;
    flush(); // what the old monitor saw still reaches the table and the log
    m_cancel->cancel();
    // The monitor's run() returns by itself once cancelled; quit() ends its event loop after.
    m_threads.retire();
    m_admin = nullptr;
    m_watch.reset();
    m_queue.reset();
    m_flushTimer->stop();
}

void LockMonitorController::flush()
{
    if (!m_queue)
        return;
    LockUpdateBatch batch = m_queue->take();
    if (!batch.isEmpty())
        Q_EMIT batchReady(batch);
}

void LockMonitorController::setListingOrder(int column, Qt::SortOrder order)
{
    m_listingColumn = column;
    m_listingOrder = order;
    if (m_queue)
        m_queue->setListingOrder(column, order);
}

void LockMonitorController::perform(const LockAdminRequest& request)
{
    if (!m_admin)
        return;
    QMetaObject::invokeMethod(
        m_admin, [admin = m_admin.data(), request] { admin->perform(request); }, Qt::QueuedConnection);
}

void LockMonitorController::readKeys(const LockRecord& lock)
{
    if (!m_admin)
        return;
    QMetaObject::invokeMethod(
        m_admin, [admin = m_admin.data(), lock] { admin->readKeys(lock); }, Qt::QueuedConnection);
}

void LockMonitorController::updateStatus(const MonitorStatus& status)
{
    if (status == m_status)
        return;
    m_status = status;
    Q_EMIT statusChanged(status);
}

} // namespace lockscope::ui
