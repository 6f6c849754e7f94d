#pragma once

#include "connection/ConnectionStatus.h"
#include "connection/MonitorStatus.h"
#include "connection/ServerSummary.h"

#include <QCoreApplication>
#include <QString>

namespace lockscope::ui {

// The words the window uses for connection states and live-update modes, in one place so the
// summary panel and the status bar say the same thing (and translators see each once).
class StatusTexts
{
    Q_DECLARE_TR_FUNCTIONS(StatusTexts)

public:
    static QString stateName(ConnectionStatus::State state);
    static QString liveUpdateName(ServerSummary::LiveUpdateMode mode);
    // A sentence explaining the mode, for tooltips.
    static QString liveUpdateExplanation(ServerSummary::LiveUpdateMode mode, const QString& flags);
    // "Live: keyspace notifications" or "Live: polling every 2 s (notifications off)".
    static QString monitorModeName(const MonitorStatus& status);
    // The topology in a few words for the status bar: "standalone", "cluster, 3 masters",
    // "sentinel master 10.0.0.5:6379" (where the sentinel's master is now).
    static QString topology(const ServerSummary& summary);
    // Just the kind, for the summary panel: "standalone", "sentinel master", "cluster".
    static QString topologyKind(ServerSummary::Topology kind);
    static QString roundTrip(qint64 micros);
    // "Retrying in 2 s (attempt 3)" after a failure.
    static QString retryNote(const ConnectionStatus& status);
};

} // namespace lockscope::ui
