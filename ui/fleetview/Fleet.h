#pragma once

#include "redis/ConnectionOptions.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

namespace lockscope::ui {

class ConnectionController;
class FleetServer;
class HistoryRecording;
class LockMonitorController;
class ProfileConnector;

// The servers open in one window. The first is the window's own connection (it stays, closed or
// open); more are added beside it, each with its own connection, monitor and history, and can be
// removed while the others keep running. The same endpoint is never open twice: opening it again
// gives the open server back, with a note. What is open can be saved as entries ("profile:ID",
// "url:URL" without a password, "sandbox") and opened again (see FleetSettings).
class Fleet : public QObject
{
    Q_OBJECT

public:
    // `connector` connects the first server to profiles and the sandbox; the others get theirs.
    Fleet(ConnectionController& connection, LockMonitorController& monitor, HistoryRecording& history,
        ProfileConnector& connector, QObject* parent = nullptr);
    ~Fleet() override;

    FleetServer& first() const { return *m_servers.first(); }
    QList<FleetServer*> servers() const;
    FleetServer* server(quint16 id) const;
    // The open ones (the first counts while it is open or connecting).
    int openCount() const;

    // Opens a server at `options` (`url` as typed, remembered without its password): in the first
    // server when that is closed, else beside the others. Nothing new when the endpoint is open.
    FleetServer* openUrl(const ConnectionOptions& options, const QString& url);
    // Opens saved profile `id` (its password found as the connection manager does).
    FleetServer* openProfile(const QString& id);
    FleetServer* openSandbox();
    // Closes server `id` and removes it (the first is only closed): it is deleted, with its
    // threads and its rows, once its threads have finished (see FleetServer::closeAndDeleteLater).
    void remove(quint16 id);

    // What is open, as entries to open again.
    QStringList entries() const;
    // Opens each entry; returns what could not be opened, in words.
    QStringList openEntries(const QStringList& entries);

    // The sandbox's URL, so that a server at it is saved as "sandbox" (its port changes per run).
    void setSandboxUrl(const QString& url) { m_sandboxUrl = url; }

Q_SIGNALS:
    void serverAdded(lockscope::ui::FleetServer* server);
    void serverRemoved(quint16 id);
    // Something the user should read (a duplicate merged, a profile not found).
    void note(const QString& text);

private:
    // The open server at the same endpoint, if any.
    FleetServer* openAt(const QString& endpointKey) const;
    // The first server when it is closed, else a new one.
    FleetServer* freeServer();
    ProfileConnector& connectorOf(FleetServer& server);
    QString entryOf(const FleetServer& server) const;

    QList<FleetServer*> m_servers;
    QList<FleetServer*> m_removed; // closed, deleted once their threads have ended
    QHash<quint16, QString> m_urls; // server -> the URL it was opened with (no password)
    QHash<quint16, QPointer<ProfileConnector>> m_connectors;
    ProfileConnector& m_firstConnector;
    QString m_sandboxUrl;
    quint16 m_nextId = 1;
    bool m_firstTaken = false; // handed out by freeServer(), maybe not open yet
};

} // namespace lockscope::ui
