#pragma once

#include <QWidget>

#include <optional>

class QPushButton;
class QTimer;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace lockscope::ui {

class Fleet;
class FleetServer;
class LockTableModel;

// The fleet panel, shown instead of the one server's summary while several servers are open: a
// row per server with its state (connected; reconnecting, with the attempt and the reason;
// credentials refused), how its locks reach the table (live or polling), the round trip, its
// locks, stuck locks, waiters and alerts firing. Selecting a row shows that server's locks only.
// Servers are added (a URL, a saved connection, the sandbox) and removed here while the others
// keep running.
class FleetPanel : public QWidget
{
    Q_OBJECT

public:
    enum Column
    {
        ServerColumn,
        StateColumn,
        UpdatesColumn,
        RoundTripColumn,
        LocksColumn,
        StuckColumn,
        WaitersColumn,
        AlertsColumn,
        ColumnCount,
    };

    FleetPanel(Fleet& fleet, const LockTableModel& locks, QWidget* parent = nullptr);

    QTreeWidget* table() const { return m_table; }
    QPushButton* removeButton() const { return m_remove; }
    // The row of server `id`, or null.
    QTreeWidgetItem* rowOf(quint16 id) const;
    std::optional<quint16> selectedServer() const;

public Q_SLOTS:
    void refresh();

Q_SIGNALS:
    // A row was selected (nothing: none is).
    void serverSelected(std::optional<quint16> server);
    void addUrlRequested();

private:
    void fillAddMenu();
    void fillRow(QTreeWidgetItem& row, const FleetServer& server, int locks, int stuck, qint64 waiters) const;
    void refreshSoon();

    Fleet& m_fleet;
    const LockTableModel& m_locks;
    QTreeWidget* m_table;
    QToolButton* m_add;
    QPushButton* m_remove;
    QTimer* m_refresh;
};

} // namespace lockscope::ui
