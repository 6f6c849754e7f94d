#include "connection/ServerSummary.h"

#include "redis/ServerProbe.h"

namespace lockscope::ui {

ServerSummary::LiveUpdateMode ServerSummary::liveUpdateMode() const
{
    return liveUpdateModeFor(keyspaceEvents, keyspaceEventsKnown);
}

ServerSummary::LiveUpdateMode ServerSummary::liveUpdateModeFor(const QString& flags, bool known)
{
    if (!known)
        return LiveUpdateMode::Unknown;
    const bool channel = flags.contains(QLatin1Char('K')) || flags.contains(QLatin1Char('E'));
    if (!channel)
        return LiveUpdateMode::Polling;
    // Locks are strings, hashes and sorted sets that get set, deleted and expire: generic (g),
    // string ($), hash (h), zset (z) and expired (x) events. 'A' stands for all of them.
    if (flags.contains(QLatin1Char('A')))
        return LiveUpdateMode::Notifications;
    for (QChar needed : QStringLiteral("g$hzx")) {
        if (!flags.contains(needed))
            return LiveUpdateMode::PartialNotifications;
    }
    return LiveUpdateMode::Notifications;
}

ServerSummary ServerSummary::fromProbe(const ServerInfo& info, qint64 keyCount)
{
    ServerSummary summary;
    summary.endpoint = QString::fromStdString(info.endpoint);
    summary.version = QString::fromStdString(info.version);
    summary.role = QString::fromStdString(info.role);
    summary.topology = QString::fromStdString(info.topologyName());
    switch (info.topology) {
    case ServerInfo::Topology::Standalone:
        summary.topologyKind = Topology::Standalone;
        break;
    case ServerInfo::Topology::SentinelMaster:
        summary.topologyKind = Topology::SentinelMaster;
        break;
    case ServerInfo::Topology::Cluster:
        summary.topologyKind = Topology::Cluster;
        break;
    }
    for (const auto& master : info.clusterMasters)
        summary.clusterMasters.append({QString::fromStdString(master.node.toString()), master.slots});
    summary.keyspaceEvents = QString::fromStdString(info.keyspaceEvents);
    summary.keyspaceEventsKnown = info.keyspaceEventsKnown;
    summary.roundTripMicros = info.roundTrip.count();
    summary.keyCount = keyCount;
    summary.refreshedAt = QDateTime::currentDateTime();
    return summary;
}

} // namespace lockscope::ui
