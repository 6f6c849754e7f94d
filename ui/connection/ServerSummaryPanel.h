#pragma once

#include "connection/ConnectionStatus.h"
#include "connection/ServerSummary.h"

#include <QGroupBox>

class QFormLayout;
class QLabel;

namespace lockscope::ui {

// The "Server" panel: what the connection worker last reported about the server, and the
// connection's state and last error. Values are object-named (serverVersion, ...) for tests.
class ServerSummaryPanel : public QGroupBox
{
    Q_OBJECT

public:
    explicit ServerSummaryPanel(QWidget* parent = nullptr);

public Q_SLOTS:
    void showStatus(const lockscope::ui::ConnectionStatus& status, const QString& label);
    void showSummary(const lockscope::ui::ServerSummary& summary);

private:
    QLabel* addRow(const QString& title, const QString& objectName);
    void setRowVisible(QLabel* value, bool visible);
    void clearServerValues();

    QFormLayout* m_form;
    QLabel* m_state;
    QLabel* m_endpoint;
    QLabel* m_version;
    QLabel* m_role;
    QLabel* m_topology;
    QLabel* m_clusterMasters;
    QLabel* m_roundTrip;
    QLabel* m_keys;
    QLabel* m_notifications;
    QLabel* m_refreshed;
    QLabel* m_error;
};

} // namespace lockscope::ui
