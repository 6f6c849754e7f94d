#pragma once

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

namespace lockscope {
struct ServerInfo;
}

namespace lockscope::ui {

// What the connection worker learnt about the server in one refresh, as plain Qt values so
// that it can cross threads by queued signal.
struct ServerSummary
{
    // How the monitor can learn about lock changes on this server.
    enum class LiveUpdateMode
    {
        Unknown, // CONFIG GET was refused (managed services, ACL): we cannot tell
        Notifications, // keyspace notifications cover every event a lock produces
        PartialNotifications, // some notifications are on, but not all a lock needs
        Polling, // notifications are off: the monitor has to poll
    };

    enum class Topology
    {
        Standalone,
        SentinelMaster, // the master a sentinel named; `endpoint` is where it is now
        Cluster,
    };

    QString endpoint;
    QString version;
    QString role;
    QString topology; // the core's name for it ("standalone", "sentinel master", "cluster")
    Topology topologyKind = Topology::Standalone;
    struct ClusterMaster
    {
        QString node; // host:port
        int slotCount = 0;
    };
    QList<ClusterMaster> clusterMasters; // cluster only
    QString keyspaceEvents; // notify-keyspace-events as the server reports it
    bool keyspaceEventsKnown = false;
    qint64 roundTripMicros = 0;
    qint64 keyCount = -1; // DBSIZE of the selected database; -1 when it could not be read
    QDateTime refreshedAt;

    LiveUpdateMode liveUpdateMode() const;

    static ServerSummary fromProbe(const ServerInfo& info, qint64 keyCount);
    // Classifies notify-keyspace-events flags ("KEA", "Kx", "") for the monitor's needs.
    static LiveUpdateMode liveUpdateModeFor(const QString& flags, bool known);
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::ServerSummary)
