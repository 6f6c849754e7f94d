#pragma once

#include "connection/ConnectionStatus.h"
#include "connection/MonitorStatus.h"
#include "monitor/LockServerRoutes.h"
#include "monitor/LockTableView.h"
#include "monitor/LockUpdateBatch.h"
#include "monitor/admin/LockAdminAction.h"

#include <QHash>
#include <QWidget>

#include <functional>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTimer;
class QVBoxLayout;

namespace lockscope::ui {

class LockActionDialog;
class LockActivityChart;
class LockDetailPane;
class LockEventLogModel;
class LockFilterProxyModel;
class LockMonitorController;
class LockTableModel;
class LocksEmptyState;

// The monitor: a filter bar, the lock table (or the empty state while there is no lock), the
// detail pane of the selected lock, and the event log. Admin actions (force-release, extend TTL, remove stale
// waiters) go through a confirmation dialog to the monitor controller's worker; they are disabled, with the
// reason (LockActionRules) as tooltip, when they do not apply, e.g. on read-only connections. Delete
// force-releases only while the table has focus (never from the filter box).
//
// The table may hold the locks of several open servers (a fleet): each server's monitor is added
// with addServer(), and a lock's admin actions and key reads go to the monitor of its own server,
// judged by that server's connection (read-only) and production mark (LockServerRoutes).
class LockMonitorView : public QWidget
{
    Q_OBJECT

public:
    explicit LockMonitorView(LockMonitorController& monitor, QWidget* parent = nullptr);
    ~LockMonitorView() override;

    QAction* forceReleaseAction() const { return m_forceRelease; }
    QAction* extendAction() const { return m_extend; }
    QAction* removeWaitersAction() const { return m_removeWaiters; }
    QAction* copyNameAction() const { return m_copyName; }
    QAction* copyDetailsAction() const { return m_copyDetails; }
    QAction* exportAction() const { return m_export; }
    // Opens LockGoToDialog; the lock chosen there is selected (its filters cleared if they hid it).
    QAction* goToAction() const { return m_goTo; }

    LockTableModel* lockModel() const { return m_locks; }
    LockFilterProxyModel* proxyModel() const { return m_proxy; }
    LockEventLogModel* eventLog() const { return m_events; }
    QTableView* table() const { return m_table; }
    QLineEdit* filterEdit() const { return m_filter; }
    LockDetailPane* detailPane() const { return m_detail; }
    LocksEmptyState* emptyState() const { return m_emptyState; }
    // The selected lock, or nothing; selectedServer() is the open server it is on.
    std::optional<LockId> selectedLockId() const;
    std::optional<quint16> selectedServer() const;
    // Selects the lock `id` names (if shown); returns whether it is.
    bool selectLock(const LockIdView& id);
    bool selectLock(const LockId& id) { return selectLock(LockIdView(id)); }
    // The Redis Key column (hidden at first: Name shows the library's name for the lock); its
    // header menu shows it too.
    void setKeyColumnShown(bool shown);

    // Asks with the confirmation dialog (or, when `dialogHook` is set, lets it answer: tests),
    // then sends the action to the worker.
    void requestAction(LockAdminRequest::Action action);
    using DialogHook = std::function<bool(LockActionDialog&)>;
    void setDialogHook(DialogHook hook) { m_dialogHook = std::move(hook); }

    // Shows the locks of another open server `server` (its monitor's server()) under `name`.
    void addServer(LockMonitorController& monitor, const QString& name);
    // The server's rows go when its monitor closes; this forgets its name and its route.
    void removeServer(quint16 server);
    void renameServer(quint16 server, const QString& name);
    void showServerConnection(quint16 server, const lockscope::ui::ConnectionStatus& status);
    void setServerProductionMarked(quint16 server, bool production);
    // Shows one server's locks only (nothing: every server's); the server filter follows.
    void setServerFilter(std::optional<quint16> server);

    // Puts a banner (e.g. the sample-locks offer) above the table.
    void insertBanner(QWidget* banner);

    QByteArray saveSplitterState() const;
    void restoreSplitterState(const QByteArray& state);

public Q_SLOTS:
    void showConnection(const lockscope::ui::ConnectionStatus& status);
    void setProductionMarked(bool production);
    void exportTable();

Q_SIGNALS:
    // For the status bar: an admin result in one line.
    void message(const QString& text);
    void lockCountChanged(int count);
    // Another lock was selected (nothing: none).
    void selectedLockChanged(const std::optional<lockscope::LockId>& lock);

private:
    void createActions();
    void goToLock();
    void createFilterBar(QVBoxLayout* layout);
    // The lock table (m_table) in `parent`, with its columns and header menu.
    void createTable(QWidget* parent);
    // The event log (m_eventView) and the activity chart (m_activity), as tabs in `parent`.
    QTabWidget* createEventTabs(QWidget* parent);
    void applyBatch(const LockUpdateBatch& batch);
    void showAdminResult(const LockAdminReport& report);
    void selectionChanged();
    // Emits selectedLockChanged when the lock shown in the detail pane is another one.
    void announceSelection(const LockRecord* lock);
    void updateActions();
    void updateNodeFilter();
    void updateServerFilter();
    // Where a lock's actions go (nullptr: the window's own server's).
    LockServerRoutes::Route routeOf(const LockRecord* lock) const;
    void updatePage();
    const LockRecord* selectedLock() const;

    LockMonitorController& m_monitor;
    LockTableModel* m_locks;
    LockFilterProxyModel* m_proxy;
    LockEventLogModel* m_events;
    QLineEdit* m_filter = nullptr;
    QComboBox* m_kindFilter = nullptr;
    QComboBox* m_nodeFilter = nullptr;
    QComboBox* m_stateFilter = nullptr;
    QComboBox* m_serverFilter = nullptr;
    LockServerRoutes m_routes;
    QLabel* m_countLabel = nullptr;
    QLabel* m_resultLabel = nullptr;
    QStackedWidget* m_stack = nullptr;
    LocksEmptyState* m_emptyState = nullptr;
    LockTableView* m_table = nullptr;
    LockDetailPane* m_detail = nullptr;
    std::optional<LockId> m_selected; // the lock the detail pane shows (selectedLockChanged)
    QTableView* m_eventView = nullptr;
    QTimer* m_followLog = nullptr; // scrolls the log to its end a moment after changes arrive
    LockActivityChart* m_activity = nullptr;
    QSplitter* m_verticalSplitter = nullptr;
    QSplitter* m_tableSplitter = nullptr;
    QAction* m_forceRelease = nullptr;
    QAction* m_extend = nullptr;
    QAction* m_removeWaiters = nullptr;
    QAction* m_copyName = nullptr;
    QAction* m_copyDetails = nullptr;
    QAction* m_export = nullptr;
    QAction* m_goTo = nullptr;
    DialogHook m_dialogHook;
};

} // namespace lockscope::ui
