#include "connection/StatusTexts.h"

#include "common/EnumNames.h"
#include "inspect/watch/NotificationClasses.h"

#include <QLocale>

namespace lockscope::ui {

QString StatusTexts::stateName(ConnectionStatus::State state)
{
    static constexpr std::array<const char*, 4> names {QT_TR_NOOP("Not connected"), QT_TR_NOOP("Connecting…"),
        QT_TR_NOOP("Connected"), QT_TR_NOOP("Unreachable")};
    return tr(enumName<ConnectionStatus::State::Unreachable>(state, names, ""));
}

QString StatusTexts::liveUpdateName(ServerSummary::LiveUpdateMode mode)
{
    static constexpr std::array<const char*, 4> names {QT_TR_NOOP("Live: polling (notifications unknown)"),
        QT_TR_NOOP("Live: keyspace notifications"), QT_TR_NOOP("Live: partial notifications, polling"),
        QT_TR_NOOP("Live: polling (notifications off)")};
    return tr(enumName<ServerSummary::LiveUpdateMode::Polling>(mode, names, ""));
}

QString StatusTexts::monitorModeName(const MonitorStatus& status)
{
    if (status.notifications)
        return tr("Live: keyspace notifications");
    const qint64 ms = status.pollIntervalMs;
    const QString every = ms % 1000 == 0 ? tr("%n s", nullptr, int(ms / 1000)) : tr("%1 ms").arg(ms);
    return tr("Live: polling every %1 (notifications off)").arg(every);
}

QString StatusTexts::liveUpdateExplanation(ServerSummary::LiveUpdateMode mode, const QString& flags)
{
    switch (mode) {
    case ServerSummary::LiveUpdateMode::Notifications:
        return tr("The server publishes keyspace notifications (notify-keyspace-events \"%1\"): lock "
                  "changes are seen as they happen.")
            .arg(flags);
    case ServerSummary::LiveUpdateMode::PartialNotifications:
        return tr("notify-keyspace-events is \"%1\": some lock events are not published, so LockScope "
                  "also polls. \"%2\" adds the classes it reads.")
            .arg(flags, QString::fromStdString(NotificationClasses::withNeeded(flags.toStdString())));
    case ServerSummary::LiveUpdateMode::Polling:
        // Only the classes the watcher reads: each costs the server a message per write.
        return tr("Keyspace notifications are off on this server: LockScope polls for lock changes. "
                  "CONFIG SET notify-keyspace-events %1 turns on the ones it reads.")
            .arg(QString::fromStdString(std::string(NotificationClasses::needed)));
    case ServerSummary::LiveUpdateMode::Unknown:
        return tr("The server refused CONFIG GET, so LockScope cannot tell whether keyspace "
                  "notifications are on, and polls.");
    }
    return {};
}

QString StatusTexts::topology(const ServerSummary& summary)
{
    switch (summary.topologyKind) {
    case ServerSummary::Topology::Standalone:
        return tr("standalone");
    case ServerSummary::Topology::SentinelMaster:
        return tr("sentinel master %1").arg(summary.endpoint);
    case ServerSummary::Topology::Cluster:
        // Spelled out rather than %n: English has no translation file to pluralise with.
        return summary.clusterMasters.size() == 1
            ? tr("cluster, 1 master")
            : tr("cluster, %1 masters").arg(summary.clusterMasters.size());
    }
    return summary.topology;
}

QString StatusTexts::topologyKind(ServerSummary::Topology kind)
{
    static constexpr std::array<const char*, 3> names {
        QT_TR_NOOP("standalone"), QT_TR_NOOP("sentinel master"), QT_TR_NOOP("cluster")};
    return tr(enumName<ServerSummary::Topology::Cluster>(kind, names, ""));
}

QString StatusTexts::roundTrip(qint64 micros)
{
    return tr("%1 ms").arg(QLocale().toString(micros / 1000.0, 'f', 2));
}

QString StatusTexts::retryNote(const ConnectionStatus& status)
{
    if (status.state != ConnectionStatus::State::Unreachable)
        return {};
    if (status.authFailed)
        return tr("not retried until the credentials change");
    return tr("retrying in %1 s (attempt %2)")
        .arg(QLocale().toString(status.retryInMs / 1000.0, 'f', 1))
        .arg(status.failedAttempts);
}

} // namespace lockscope::ui
