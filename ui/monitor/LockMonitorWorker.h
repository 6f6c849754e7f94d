#pragma once

#include "connection/MonitorSettings.h"
#include "connection/MonitorStatus.h"
#include "fleet/ServerWatchObserver.h"
#include "monitor/LockUpdateBatch.h"

#include <QObject>

#include <memory>

namespace lockscope {
class CancellationToken;
class LockEventSink;
class ServerWatch;
struct ServerWatchOptions;
} // namespace lockscope

namespace lockscope::ui {

class LockUpdateQueue;

// Runs the core's ServerWatch for one connection on its own thread (see LockMonitorController)
// and only adapts what it hears to the GUI: listings and changes, converted to LockRecords, into
// the shared queue; where the watch stands as a MonitorStatus; everything to the lock history.
// Connecting, reconnecting with its pauses, giving up on wrong settings and what changed while
// away are the ServerWatch's, the same as the CLI's. run() blocks until the token is cancelled.
class LockMonitorWorker : public QObject
{
    Q_OBJECT

public:
    LockMonitorWorker(std::shared_ptr<ServerWatch> watch, MonitorSettings settings,
        std::shared_ptr<LockUpdateQueue> queue, std::shared_ptr<const CancellationToken> cancel,
        std::shared_ptr<LockEventSink> sink = nullptr);
    ~LockMonitorWorker() override;
    // Which open server of the fleet this is: every record and batch carries it. Before run().
    void setServer(quint16 server) { m_server = server; }

    // How a monitor with `settings` watches: its patterns, its poll interval, and starting over
    // when a sentinel fails over (so that the table lists the new master's locks under its name).
    static ServerWatchOptions watchOptions(const MonitorSettings& settings);

public Q_SLOTS:
    void run();

Q_SIGNALS:
    // The queue got something after being empty: take it soon.
    void updatesPending();
    void statusChanged(const lockscope::ui::MonitorStatus& status);

private:
    // How much lower than the GUI thread's the monitor thread's CPU priority is (a nice value).
    static constexpr int monitorNiceness = 5;

    // What the ServerWatch tells, on run()'s thread: forwarded to the methods below.
    class Report;
    void watchStatusChanged(const WatchStatus& status);
    void listed(const std::vector<SharedLockSnapshot>& locks, const WatchingMode& mode);
    void changedWhileAway(const LockEvent& event);
    void lockChanged(const LockEvent& event);
    void gap(long long fromMs, long long untilMs, const std::string& reason);

    void pushChange(const LockEvent& event);
    void push(LockUpdateBatch batch);

    std::shared_ptr<ServerWatch> m_watch;
    MonitorSettings m_settings;
    std::shared_ptr<LockUpdateQueue> m_queue;
    std::shared_ptr<const CancellationToken> m_cancel;
    std::shared_ptr<LockEventSink> m_sink; // the lock history, if any
    bool m_live = false;
    quint16 m_server = 0;
};

} // namespace lockscope::ui
