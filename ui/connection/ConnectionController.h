#pragma once

#include "base/WorkerThreads.h"
#include "connection/ConnectionStatus.h"
#include "connection/MonitorSettings.h"
#include "connection/ServerSummary.h"
#include "redis/ConnectionOptions.h"

#include <QObject>
#include <QPointer>

#include <chrono>
#include <optional>

class QThread;

namespace lockscope::ui {

class ConnectionWorker;

// The GUI's handle on one Redis connection. It lives on the GUI thread and never talks to
// Redis itself: it owns a thread running a ConnectionWorker, and relays the worker's results,
// which arrive by queued signals, to the widgets.
class ConnectionController : public QObject
{
    Q_OBJECT

public:
    explicit ConnectionController(QObject* parent = nullptr);
    ~ConnectionController() override;

    // Closes any open connection, then connects to `options` on a fresh worker thread.
    // `label` names the connection for people ("sandbox"); empty for a plain URL.
    void open(const ConnectionOptions& options, const QString& label = {});
    // Opens the connection of a saved profile (`profileId`): its own production mark instead of
    // the one remembered per endpoint, and its own monitor settings.
    void openProfile(const ConnectionOptions& options, const QString& label, const QString& profileId,
        bool production, const MonitorSettings& monitor);
    // Stops the worker without waiting for it: a worker stuck on a server that does not answer
    // finishes (and is deleted) in the background once its timeout expires. Only the
    // destructor waits for retired workers.
    void close();
    void refreshNow();
    void setRefreshInterval(std::chrono::milliseconds interval) { m_refreshInterval = interval; }

    bool isOpen() const { return m_threads.isRunning(); }
    // Its workers' threads, current and retired (allFinished: none is left).
    const WorkerThreads& threads() const { return m_threads; }
    // What open() was last given: tools that open their own connections (stress, demo) use it.
    const ConnectionOptions& options() const { return m_options; }
    // The "production" mark of the open connection (the profile's, or remembered per endpoint in
    // QSettings): admin actions then ask for the lock's name to be typed.
    bool isProductionMarked() const;
    void setProductionMarked(bool production);
    QString label() const { return m_label; }
    // The saved profile the open connection came from; empty for a URL or the sandbox.
    QString profileId() const { return m_profileId; }
    const ConnectionStatus& status() const { return m_status; }
    const ServerSummary& summary() const { return m_summary; }

Q_SIGNALS:
    void statusChanged(const lockscope::ui::ConnectionStatus& status);
    void summaryRefreshed(const lockscope::ui::ServerSummary& summary);
    void refreshStarted(QThread* ioThread);
    // The connection to `workerOptions` opened, just before opened(label): what follows the
    // connection with connections of its own (the lock monitor, see LockMonitorController::follow)
    // opens them here. `monitor` is the profile's monitor settings, nullopt for a URL or the sandbox.
    void openedWith(const lockscope::ConnectionOptions& workerOptions,
        const std::optional<lockscope::ui::MonitorSettings>& monitor);
    void opened(const QString& label);
    // The connection closed (or is replaced by the next open()).
    void closed();
    void productionMarkChanged(bool production);

private:
    void openWith(
        const ConnectionOptions& options, const QString& label, std::optional<MonitorSettings> monitor);
    void updateStatus(const ConnectionStatus& status);

    WorkerThreads m_threads;
    QPointer<ConnectionWorker> m_worker;
    std::chrono::milliseconds m_refreshInterval {2000};
    QString m_label;
    QString m_profileId;
    bool m_profileProduction = false;
    ConnectionOptions m_options;
    ConnectionStatus m_status;
    ServerSummary m_summary;
};

} // namespace lockscope::ui
