#include "monitor/LockMonitorController.h"
#include "connection/ConnectionController.h"

#include "inspect/admin/AuditLog.h"
#include "locks/DistributedLock.h"
#include "monitor/admin/LockAdminWorker.h"
#include "monitor/LockMonitorWorker.h"
#include "monitor/LockUpdateQueue.h"

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
    close();
    for (QThread* thread : std::as_const(m_retiredThreads))
        thread->wait();
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
    m_givenSettings = settings;
    if (settings) {
        m_settings = *settings;
    } else {
        m_settings = MonitorSettings {};
        m_settings.pollInterval = m_pollInterval;
    }
    const quint64 generation = ++m_generation;
    m_queue = std::make_shared<LockUpdateQueue>();
    m_cancel = std::make_shared<CancellationToken>();

    m_monitorThread = new QThread(this);
    m_monitorThread->setObjectName(QStringLiteral("lockscope-monitor"));
    auto* monitor = new LockMonitorWorker(options, m_settings, m_queue, m_cancel, m_sink);
    monitor->moveToThread(m_monitorThread);
    connect(m_monitorThread, &QThread::started, monitor, &LockMonitorWorker::run);
    // run() returns once cancelled; the thread then ends and takes the worker with it.
    connect(m_monitorThread, &QThread::finished, monitor, &QObject::deleteLater);
    connect(monitor, &LockMonitorWorker::updatesPending, this, [this, generation] {
        if (generation == m_generation && !m_flushTimer->isActive())
            m_flushTimer->start();
    });
    connect(
        monitor, &LockMonitorWorker::statusChanged, this, [this, generation](const MonitorStatus& status) {
            if (generation == m_generation)
                updateStatus(status);
        });

    m_adminThread = new QThread(this);
    m_adminThread->setObjectName(QStringLiteral("lockscope-admin"));
    auto* admin = new LockAdminWorker(options, m_auditLogPath.toStdString());
    admin->moveToThread(m_adminThread);
    m_admin = admin;
    connect(m_adminThread, &QThread::finished, admin, &QObject::deleteLater);
    connect(admin, &LockAdminWorker::performed, this, [this, generation](const LockAdminReport& report) {
        if (generation == m_generation)
            Q_EMIT adminPerformed(report);
    });
    connect(admin, &LockAdminWorker::keysRead, this, [this, generation](const LockKeysReport& report) {
        if (generation == m_generation)
            Q_EMIT keysRead(report);
    });

    MonitorStatus starting;
    starting.state = MonitorStatus::State::Starting;
    starting.pollIntervalMs = m_settings.pollInterval.count();
    updateStatus(starting);
    m_monitorThread->start();
    m_adminThread->start();
}

void LockMonitorController::relist()
{
    if (!isOpen())
        return;
    // The table stays as it is until the new listing replaces it.
    stopWorkers();
    open(m_options, m_givenSettings);
}

void LockMonitorController::close()
{
    if (!m_monitorThread)
        return;
    stopWorkers();
    updateStatus(MonitorStatus {});
    LockUpdateBatch empty;
    empty.reset = true;
    Q_EMIT batchReady(empty);
}

void LockMonitorController::stopWorkers()
{
    if (!m_monitorThread)
        return;
    flush(); // what the old monitor saw still reaches the table and the log
    ++m_generation;
    m_cancel->cancel();
    // The monitor's run() returns by itself once cancelled; quit() ends its event loop after.
    retire(m_monitorThread);
    retire(m_adminThread);
    m_monitorThread = nullptr;
    m_adminThread = nullptr;
    m_admin = nullptr;
    m_queue.reset();
    m_flushTimer->stop();
}

void LockMonitorController::retire(QThread* thread)
{
    m_retiredThreads.append(thread);
    connect(thread, &QThread::finished, this, [this, thread] {
        m_retiredThreads.removeAll(thread);
        thread->deleteLater();
    });
    thread->quit();
}

void LockMonitorController::flush()
{
    if (!m_queue)
        return;
    LockUpdateBatch batch = m_queue->take();
    if (!batch.isEmpty())
        Q_EMIT batchReady(batch);
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
