#pragma once

#include "connection/ConnectionStatus.h"
#include "connection/MonitorSettings.h"
#include "redis/ConnectionOptions.h"

#include <QObject>
#include <QString>

#include <optional>

namespace lockscope::ui {

class ConnectionController;
class HistoryRecording;
class LockMonitorController;

// One open server of the fleet: its connection (summary and reconnects on a worker thread), its
// lock monitor (the watcher and admin actions on threads of their own) and its lock history with
// its alerts. A server that hangs or dies stalls only its own threads. The window's first server
// wraps the window's own controllers; the others own theirs.
class FleetServer : public QObject
{
    Q_OBJECT

public:
    // Follows `connection` with `monitor` and `history` from now on (none of them is owned).
    FleetServer(quint16 id, ConnectionController& connection, LockMonitorController& monitor,
        HistoryRecording& history, QObject* parent = nullptr);
    // A server of its own: its controllers are children of this object.
    static FleetServer* create(quint16 id, QObject* parent);
    ~FleetServer() override;

    quint16 id() const { return m_id; }
    // Its profile's name (or "sandbox"), else host:port (with "/N" for database N but 0).
    QString name() const;
    // What makes two servers one: the endpoint as described (never with a password).
    QString endpointKey() const;
    static QString endpointKeyOf(const ConnectionOptions& options);
    bool isOpen() const;
    // Why the credentials were refused: neither the connection nor the monitor retries them
    // until the server is opened again with other settings. Empty while none were refused.
    QString credentialsRefused() const { return m_credentialsRefused; }
    int alertsFiring() const { return m_alertsFiring; }

    ConnectionController& connection() const { return m_connection; }
    LockMonitorController& monitor() const { return m_monitor; }
    HistoryRecording& history() const { return m_history; }

    void open(const ConnectionOptions& options, const QString& label);
    void openProfile(const ConnectionOptions& options, const QString& label, const QString& profileId,
        bool production, const MonitorSettings& settings);
    void close();
    // Closes it and deletes it once its connection's and monitor's threads have finished, in their
    // own time (a thread inside a call to a server that hangs ends when the call times out): the
    // GUI never waits for it. Only for a server of its own (create()).
    void closeAndDeleteLater();

Q_SIGNALS:
    // Its name, state, alerts or counts may read differently now.
    void changed();
    void alertRaised(const QString& lock, const QString& text);

private:
    void follow();
    void deleteIfFinished();
    void noteStatus(const ConnectionStatus& status);

    quint16 m_id;
    ConnectionController& m_connection;
    LockMonitorController& m_monitor;
    HistoryRecording& m_history;
    QString m_credentialsRefused;
    int m_alertsFiring = 0;
    bool m_deleting = false;
};

} // namespace lockscope::ui
