#pragma once

#include "connection/MonitorSettings.h"
#include "connection/MonitorStatus.h"
#include "monitor/LockUpdateBatch.h"
#include "redis/ConnectionOptions.h"

#include <QObject>

#include <chrono>
#include <memory>

namespace lockscope {
class CancellationToken;
struct LockEvent;
class LockEventSink;
class LockWatcher;
} // namespace lockscope

namespace lockscope::ui {

class LockUpdateQueue;

// Runs the core LockWatcher for one connection on its own thread (see LockMonitorController):
// lists the locks, then follows them by keyspace notifications or by polling, and pushes every
// change, converted to LockRecords, into the shared queue. run() blocks until the token is
// cancelled; after an error it reconnects and lists everything again.
class LockMonitorWorker : public QObject
{
    Q_OBJECT

public:
    LockMonitorWorker(ConnectionOptions options, MonitorSettings settings,
        std::shared_ptr<LockUpdateQueue> queue, std::shared_ptr<const CancellationToken> cancel,
        std::shared_ptr<LockEventSink> sink = nullptr);
    ~LockMonitorWorker() override;
    // Which open server of the fleet this is: every record and batch carries it. Before run().
    void setServer(quint16 server) { m_server = server; }

public Q_SLOTS:
    void run();

Q_SIGNALS:
    // The queue got something after being empty: take it soon.
    void updatesPending();
    void statusChanged(const lockscope::ui::MonitorStatus& status);

private:
    // How much lower than the GUI thread's the monitor thread's CPU priority is (a nice value).
    static constexpr int monitorNiceness = 5;
    void watchOnce();
    // Sends the watcher's first listing to the table and the history.
    void announceListing(const LockWatcher& watcher, const std::vector<SharedLockSnapshot>& locks);
    void fail(const QString& error);
    void sleepUnlessCancelled(std::chrono::milliseconds duration);
    void push(LockUpdateBatch batch);

    ConnectionOptions m_options;
    MonitorSettings m_settings;
    std::shared_ptr<LockUpdateQueue> m_queue;
    std::shared_ptr<const CancellationToken> m_cancel;
    std::shared_ptr<LockEventSink> m_sink; // the lock history, if any
    MonitorStatus m_status;
    quint16 m_server = 0;
};

} // namespace lockscope::ui
