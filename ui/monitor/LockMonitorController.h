#pragma once

#include "base/WorkerThreads.h"
#include "connection/MonitorSettings.h"
#include "connection/MonitorStatus.h"
#include "monitor/LockKeysReport.h"
#include "monitor/LockUpdateBatch.h"
#include "monitor/admin/LockAdminAction.h"
#include "monitor/admin/LockAdminWorker.h"
#include "redis/ConnectionOptions.h"

#include <QObject>
#include <QPointer>

#include <chrono>
#include <memory>
#include <optional>

class QThread;
class QTimer;

namespace lockscope {
class CancellationToken;
class LockEventSink;
class ServerWatch;
} // namespace lockscope

namespace lockscope::ui {

class ConnectionController;
class LockUpdateQueue;

// The GUI's handle on the lock monitor of one connection. It lives on the GUI thread and owns
// two threads: one runs the LockMonitorWorker (blocking in the core's ServerWatch), the other a
// LockAdminWorker (admin actions, key reads). Updates come back through a LockUpdateQueue and
// leave here as one batch at most every coalesceInterval, so bursts cost one model update.
class LockMonitorController : public QObject
{
    Q_OBJECT

public:
    explicit LockMonitorController(QObject* parent = nullptr);
    ~LockMonitorController() override;

    // `settings` (a connection profile's) replace the defaults: no patterns, pollInterval().
    void open(const ConnectionOptions& options, std::optional<MonitorSettings> settings = std::nullopt);
    // Lists every lock again (ServerWatch::relist): catches what notifications cannot map to a
    // lock, e.g. a LockScope semaphore created after the listing; what it finds different from
    // what the monitor knew comes as events. Nothing while the monitor is not live (it lists
    // again by itself when it reconnects).
    void relist();
    // Stops both workers without waiting: a worker inside a blocking call finishes in the
    // background (its commands time out); only the destructor waits.
    void close();
    bool isOpen() const { return m_threads.isRunning(); }
    // Its workers' threads, current and retired (allFinished: none is left).
    const WorkerThreads& threads() const { return m_threads; }
    // Opens and closes with `connection` from now on (the connection knows nothing of the monitor).
    void follow(const ConnectionController& connection);

    // Which open server of the fleet this monitor watches (0: the window's own connection): its
    // batches and records carry it. Takes effect at the next open().
    void setServer(quint16 server) { m_server = server; }
    quint16 server() const { return m_server; }

    // The poll interval of connections opened without settings of their own.
    void setPollInterval(std::chrono::milliseconds interval) { m_pollInterval = interval; }
    std::chrono::milliseconds pollInterval() const { return m_pollInterval; }
    // What the open connection's monitor uses.
    const MonitorSettings& settings() const { return m_settings; }
    // Where admin actions are logged ($LOCKSCOPE_AUDIT_LOG or the user's data directory).
    QString auditLogPath() const { return m_auditLogPath; }
    // The history the admin actions of the connections opened from now on are written to as
    // well, naming the server and profile (its location empty: the local log only).
    void setAuditHistory(LockAdminWorker::SharedHistory history) { m_auditHistory = std::move(history); }

    // Where every lock event of the connections opened from now on goes as well (the history).
    void setEventSink(std::shared_ptr<LockEventSink> sink) { m_sink = std::move(sink); }

    void perform(const LockAdminRequest& request);
    void readKeys(const LockRecord& lock);

    const MonitorStatus& status() const { return m_status; }
    // The order the table shows its rows in (column -1: unsorted): the monitor sorts a listing
    // that way before handing it over.
    void setListingOrder(int column, Qt::SortOrder order);
    std::pair<int, Qt::SortOrder> listingOrder() const { return {m_listingColumn, m_listingOrder}; }

Q_SIGNALS:
    void batchReady(const lockscope::ui::LockUpdateBatch& batch);
    void statusChanged(const lockscope::ui::MonitorStatus& status);
    void adminPerformed(const lockscope::ui::LockAdminReport& report);
    void keysRead(const lockscope::ui::LockKeysReport& report);

private:
    void flush();
    void stopWorkers();
    void updateStatus(const MonitorStatus& status);

    WorkerThreads m_threads; // the monitor's and the admin actions', one generation
    QPointer<LockAdminWorker> m_admin;
    std::shared_ptr<LockUpdateQueue> m_queue;
    std::shared_ptr<CancellationToken> m_cancel;
    std::shared_ptr<ServerWatch> m_watch; // the monitor worker's, for relist()
    QTimer* m_flushTimer;
    std::chrono::milliseconds m_pollInterval {2000};
    QString m_auditLogPath;
    LockAdminWorker::SharedHistory m_auditHistory;
    ConnectionOptions m_options;
    MonitorSettings m_settings;
    MonitorStatus m_status;
    std::shared_ptr<LockEventSink> m_sink;
    quint16 m_server = 0;
    int m_listingColumn = -1;
    Qt::SortOrder m_listingOrder = Qt::AscendingOrder;
};

} // namespace lockscope::ui
