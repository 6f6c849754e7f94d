#pragma once

#include "connection/ConnectionStatus.h"
#include "connection/ServerSummary.h"
#include "redis/ConnectionOptions.h"

#include <QObject>

#include <chrono>
#include <memory>

class QThread;
class QTimer;

namespace lockscope {
class RedisConnection;
struct RedisError;
} // namespace lockscope

namespace lockscope::ui {

// Does the blocking Redis I/O for one connection. It lives on a worker thread (see
// ConnectionController): every slot may block up to the connection's timeouts, which is why
// nothing here may ever run on the GUI thread. Results leave by queued signals.
class ConnectionWorker : public QObject
{
    Q_OBJECT

public:
    ConnectionWorker(ConnectionOptions options, std::chrono::milliseconds refreshInterval);
    ~ConnectionWorker() override;

    // Delay before the n-th consecutive retry (1-based): quick at first, then every few seconds.
    static std::chrono::milliseconds retryDelay(int failedAttempts);

public Q_SLOTS:
    // Connects, then refreshes the server summary every refreshInterval.
    void start();
    // Refreshes at once instead of waiting for the timer.
    void refreshNow();

Q_SIGNALS:
    void statusChanged(const lockscope::ui::ConnectionStatus& status);
    void summaryRefreshed(const lockscope::ui::ServerSummary& summary);
    // Emitted on the thread that is about to talk to Redis (the worker thread).
    void refreshStarted(QThread* ioThread);

private:
    void refresh();
    void succeed(const ServerSummary& summary);
    void fail(const RedisError& error);
    void publish(ConnectionStatus status);

    ConnectionOptions m_options;
    std::chrono::milliseconds m_refreshInterval;
    std::unique_ptr<RedisConnection> m_connection;
    QTimer* m_timer;
    ConnectionStatus m_status;
};

} // namespace lockscope::ui
