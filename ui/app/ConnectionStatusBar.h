#pragma once

#include "connection/ConnectionStatus.h"
#include "connection/MonitorStatus.h"
#include "connection/ServerSummary.h"

#include <QStatusBar>

class QLabel;

namespace lockscope::ui {

// The status bar: which server (and whether it is the sandbox), its topology, how lock
// changes reach us (notifications or polling), and the connection's state or last error.
// Each part is an object-named label (statusEndpoint, statusTopology, statusLiveUpdates,
// statusConnection, statusReadOnly) so that tests can read them.
class ConnectionStatusBar : public QStatusBar
{
    Q_OBJECT

public:
    explicit ConnectionStatusBar(QWidget* parent = nullptr);

public Q_SLOTS:
    void showStatus(const lockscope::ui::ConnectionStatus& status, const QString& label);
    void showSummary(const lockscope::ui::ServerSummary& summary);
    // What the lock monitor actually does (notifications, or polling every N s) overrides the
    // summary's guess; the lock count and the monitor's errors show beside it.
    void showMonitor(const lockscope::ui::MonitorStatus& status, int lockCount);

private:
    QLabel* addPart(const QString& objectName, int stretch);
    void showStateDot(ConnectionStatus::State state);

    QLabel* m_stateDot;
    QLabel* m_connection;
    QLabel* m_endpoint;
    QLabel* m_readOnly;
    QLabel* m_topology;
    QLabel* m_liveUpdates;
    QLabel* m_lockCount;
    bool m_monitorKnows = false;
};

} // namespace lockscope::ui
