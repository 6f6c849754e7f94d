#include "connection/ConnectionWorker.h"

#include "redis/LazyConnection.h"
#include "redis/RedisConnection.h"
#include "redis/ServerProbe.h"

#include <QThread>
#include <QTimer>

#include <algorithm>

namespace lockscope::ui {

ConnectionWorker::ConnectionWorker(ConnectionOptions options, std::chrono::milliseconds refreshInterval)
    : m_options(std::move(options))
    , m_refreshInterval(refreshInterval)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &ConnectionWorker::refresh);
    m_status.endpoint = QString::fromStdString(m_options.describe());
    m_status.readOnly = m_options.readOnly;
}

ConnectionWorker::~ConnectionWorker() = default;

std::chrono::milliseconds ConnectionWorker::retryDelay(int failedAttempts)
{
    using namespace std::chrono_literals;
    const int doublings = std::clamp(failedAttempts - 1, 0, 4);
    return std::min<std::chrono::milliseconds>(500ms * (1 << doublings), 5s);
}

void ConnectionWorker::start()
{
    ConnectionStatus connecting = m_status;
    connecting.state = ConnectionStatus::State::Connecting;
    publish(connecting);
    refresh();
}

void ConnectionWorker::refreshNow()
{
    m_timer->stop();
    refresh();
}

void ConnectionWorker::refresh()
{
    Q_EMIT refreshStarted(QThread::currentThread());
    if (auto connection = LazyConnection::in(m_connection, m_options); !connection) {
        fail(connection.error());
        return;
    }
    // A broken connection reconnects inside the next command (one attempt, see the
    // controller's options), so a dead server costs one connect timeout per refresh at most.
    auto info = ServerProbe::probe(*m_connection, 3);
    if (!info) {
        fail(info.error());
        return;
    }
    qint64 keyCount = -1;
    auto size = m_connection->command({"DBSIZE"});
    if (size && size->isInteger())
        keyCount = size->integer();
    succeed(ServerSummary::fromProbe(*info, keyCount));
}

void ConnectionWorker::succeed(const ServerSummary& summary)
{
    ConnectionStatus connected = m_status;
    connected.state = ConnectionStatus::State::Connected;
    connected.error.clear();
    connected.authFailed = false;
    connected.failedAttempts = 0;
    connected.retryInMs = 0;
    publish(connected);
    Q_EMIT summaryRefreshed(summary);
    m_timer->start(m_refreshInterval);
}

void ConnectionWorker::fail(const RedisError& error)
{
    ConnectionStatus failed = m_status;
    failed.state = ConnectionStatus::State::Unreachable;
    failed.error = QString::fromStdString(error.message.empty() ? error.toString() : error.message);
    failed.failedAttempts = m_status.failedAttempts + 1;
    failed.authFailed = error.kind == ErrorKind::AuthFailed;
    if (failed.authFailed) {
        // The same credentials would be refused again (and may lock the account on servers that
        // count failures): only opening the connection again, with other settings, retries.
        failed.retryInMs = 0;
        publish(failed);
        return;
    }
    const auto delay = retryDelay(failed.failedAttempts);
    failed.retryInMs = static_cast<int>(delay.count());
    publish(failed);
    m_timer->start(delay);
}

void ConnectionWorker::publish(ConnectionStatus status)
{
    if (status == m_status)
        return;
    m_status = std::move(status);
    Q_EMIT statusChanged(m_status);
}

} // namespace lockscope::ui
