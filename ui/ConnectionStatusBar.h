#pragma once

#include "ui/ConnectionStatus.h"
#include "ui/ServerSummary.h"

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

private:
    QLabel* addPart(const QString& objectName, int stretch);
    void showStateDot(ConnectionStatus::State state);

    QLabel* m_stateDot;
    QLabel* m_connection;
    QLabel* m_endpoint;
    QLabel* m_readOnly;
    QLabel* m_topology;
    QLabel* m_liveUpdates;
};

} // namespace lockscope::ui
