#include "monitor/LockMonitorView.h"

#include "monitor/LockActivityChart.h"
#include "monitor/LockDetailPane.h"
#include "monitor/LockEventLogModel.h"
#include "monitor/LockFilterProxyModel.h"
#include "monitor/LockKindTexts.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockTableExporter.h"
#include "monitor/LockTableModel.h"
#include "monitor/LocksEmptyState.h"
#include "monitor/TtlBarDelegate.h"
#include "monitor/admin/LockActionDialog.h"
#include "monitor/admin/LockActionRules.h"
#include "monitor/admin/LockAdminTexts.h"
#include "monitor/goto/LockGoToDialog.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDataStream>
#include <QDateTime>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

void setEnabledWithReason(QAction* action, const QString& reason, const QString& whenEnabled)
{
    action->setEnabled(reason.isEmpty());
    action->setToolTip(reason.isEmpty() ? whenEnabled : reason);
    action->setStatusTip(reason.isEmpty() ? whenEnabled : reason);
}

} // namespace

LockMonitorView::LockMonitorView(LockMonitorController& monitor, QWidget* parent)
    : QWidget(parent)
    , m_monitor(monitor)
    , m_locks(new LockTableModel(this))
    , m_proxy(new LockFilterProxyModel(this))
    , m_events(new LockEventLogModel(this))
{
    setObjectName(QStringLiteral("lockMonitorView"));
    m_proxy->setSourceModel(m_locks);
    // The countdown is computed when a cell is painted, so repainting the visible TTL cells once
    // a second is all it takes: no dataChanged over 100,000 rows, which the proxy would answer by
    // re-filtering every one of them. The model still announces the rows whose state the
    // countdown changed, so that sorting and filtering by state follow.
    m_locks->setAnnouncesCountdown(false);
    auto* countdown = new QTimer(this);
    countdown->setObjectName(QStringLiteral("ttlCountdown"));
    connect(countdown, &QTimer::timeout, this, [this] { m_table->repaintColumn(LockTableModel::TtlColumn); });
    countdown->start(1000);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    createFilterBar(layout);

    m_resultLabel = new QLabel(this);
    m_resultLabel->setObjectName(QStringLiteral("adminResultLabel"));
    m_resultLabel->setWordWrap(true);
    m_resultLabel->setTextFormat(Qt::PlainText);
    m_resultLabel->setVisible(false);
    layout->addWidget(m_resultLabel);

    m_verticalSplitter = new QSplitter(Qt::Vertical, this);
    m_verticalSplitter->setObjectName(QStringLiteral("monitorSplitter"));
    m_verticalSplitter->setChildrenCollapsible(false);
    m_stack = new QStackedWidget(m_verticalSplitter);
    m_emptyState = new LocksEmptyState(m_stack);
    m_stack->addWidget(m_emptyState);

    m_tableSplitter = new QSplitter(Qt::Horizontal, m_stack);
    m_tableSplitter->setChildrenCollapsible(false);
    createTable(m_tableSplitter);
    m_detail = new LockDetailPane(m_tableSplitter);
    m_detail->setMinimumWidth(220);
    m_tableSplitter->addWidget(m_table);
    m_tableSplitter->addWidget(m_detail);
    m_tableSplitter->setStretchFactor(0, 3);
    m_tableSplitter->setStretchFactor(1, 1);
    m_tableSplitter->setSizes({800, 230});
    m_stack->addWidget(m_tableSplitter);

    QTabWidget* bottomTabs = createEventTabs(m_verticalSplitter);
    m_verticalSplitter->addWidget(m_stack);
    m_verticalSplitter->addWidget(bottomTabs);
    m_verticalSplitter->setStretchFactor(0, 3);
    m_verticalSplitter->setStretchFactor(1, 1);
    layout->addWidget(m_verticalSplitter, 1);

    createActions();

    // Each monitor sorts its listings the way the table shows them (see LockRowOrder).
    m_routes.setListingOrder(m_proxy->sortColumn(), m_proxy->sortOrder());
    m_routes.add(m_monitor);
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
        [this](int column, Qt::SortOrder order) { m_routes.setListingOrder(column, order); });
    // A large listing goes in over several steps after its batch.
    connect(m_locks, &LockTableModel::loadingStepDone, this, [this] {
        m_activity->setLockCount(m_locks->rowCount());
        Q_EMIT lockCountChanged(m_locks->rowCount());
        updateActions();
    });
    connect(&m_monitor, &LockMonitorController::batchReady, this, &LockMonitorView::applyBatch);
    connect(&m_monitor, &LockMonitorController::adminPerformed, this, &LockMonitorView::showAdminResult);
    connect(&m_monitor, &LockMonitorController::keysRead, m_detail, &LockDetailPane::showKeys);
    connect(m_locks, &LockTableModel::serversChanged, this, &LockMonitorView::updateServerFilter);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &LockMonitorView::selectionChanged);
    connect(m_locks, &LockTableModel::nodesChanged, this, &LockMonitorView::updateNodeFilter);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &LockMonitorView::updatePage);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &LockMonitorView::updatePage);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &LockMonitorView::updatePage);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &LockMonitorView::updatePage);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        const QModelIndex index = m_table->indexAt(at);
        if (index.isValid())
            m_table->selectRow(index.row());
        QMenu menu(this);
        menu.addAction(m_forceRelease);
        menu.addAction(m_extend);
        menu.addAction(m_removeWaiters);
        menu.addSeparator();
        menu.addAction(m_copyName);
        menu.addAction(m_copyDetails);
        menu.addSeparator();
        menu.addAction(m_export);
        menu.exec(m_table->viewport()->mapToGlobal(at));
    });
    updatePage();
    updateActions();
    setFocusProxy(m_table);
}

LockMonitorView::~LockMonitorView() = default;

void LockMonitorView::createTable(QWidget* parent)
{
    m_table = new LockTableView(parent);
    m_table->setObjectName(QStringLiteral("lockTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(LockTableModel::NameColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->verticalHeader()->setVisible(false);
    // Fixed row heights: the view never asks 100,000 rows for their size hints.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->setItemDelegateForColumn(LockTableModel::TtlColumn, new TtlBarDelegate(m_table));
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    const QList<int> widths {160, 150, 130, 72, 100, 60, 120, 50, 70};
    for (int column = 0; column < widths.size(); ++column)
        m_table->setColumnWidth(column, widths[column]);
    m_table->setColumnWidth(LockTableModel::ServerColumn, 150);
    m_table->setColumnWidth(LockTableModel::KeyColumn, 260);
    m_table->setColumnHidden(LockTableModel::KeyColumn, true);
    // The Redis key column is shown from the header's menu.
    m_table->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(
        m_table->horizontalHeader(), &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
            QMenu menu(this);
            QAction* keys = menu.addAction(tr("Show the &Redis Key Column"));
            keys->setObjectName(QStringLiteral("showKeyColumnAction"));
            keys->setCheckable(true);
            keys->setChecked(!m_table->isColumnHidden(LockTableModel::KeyColumn));
            connect(keys, &QAction::toggled, this, [this](bool shown) { setKeyColumnShown(shown); });
            menu.exec(m_table->horizontalHeader()->mapToGlobal(at));
        });
}

QTabWidget* LockMonitorView::createEventTabs(QWidget* parent)
{
    auto* bottomTabs = new QTabWidget(parent);
    bottomTabs->setObjectName(QStringLiteral("monitorTabs"));
    bottomTabs->setDocumentMode(true);
    m_eventView = new QTableView(bottomTabs);
    m_eventView->setObjectName(QStringLiteral("eventLog"));
    m_eventView->setModel(m_events);
    m_eventView->verticalHeader()->setVisible(false);
    m_eventView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_eventView->verticalHeader()->setDefaultSectionSize(m_eventView->fontMetrics().height() + 6);
    m_eventView->horizontalHeader()->setStretchLastSection(true);
    m_eventView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_eventView->setWordWrap(false);
    m_eventView->setColumnWidth(LockEventLogModel::TimeColumn, 100);
    m_eventView->setColumnWidth(LockEventLogModel::EventColumn, 80);
    m_eventView->setColumnWidth(LockEventLogModel::LockColumn, 200);
    m_eventView->setColumnWidth(LockEventLogModel::NodeColumn, 130);
    // Following the log's end repaints all of the log: a few times a second is enough to
    // read, however many batches arrive.
    m_followLog = new QTimer(this);
    m_followLog->setSingleShot(true);
    m_followLog->setInterval(250);
    connect(m_followLog, &QTimer::timeout, m_eventView, &QTableView::scrollToBottom);
    m_activity = new LockActivityChart(bottomTabs);
    bottomTabs->addTab(m_eventView, tr("Events"));
    bottomTabs->addTab(m_activity, tr("Activity"));
    return bottomTabs;
}

void LockMonitorView::createFilterBar(QVBoxLayout* layout)
{
    auto* bar = new QHBoxLayout;
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("lockFilterEdit"));
    m_filter->setPlaceholderText(tr("Filter by name, key, holder, library or node"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &LockFilterProxyModel::setTextFilter);
    connect(m_filter, &QLineEdit::textChanged, this, &LockMonitorView::updatePage);
    bar->addWidget(m_filter, 1);

    m_kindFilter = new QComboBox(this);
    m_kindFilter->setObjectName(QStringLiteral("kindFilter"));
    m_kindFilter->addItem(tr("All kinds"), -1);
    for (LockKind kind : LockKindTexts::allKinds()) {
        m_kindFilter->addItem(LockKindTexts::name(kind), int(kind));
        m_kindFilter->setItemData(
            m_kindFilter->count() - 1, LockKindTexts::explanation(kind), Qt::ToolTipRole);
    }
    connect(m_kindFilter, &QComboBox::currentIndexChanged, this, [this] {
        const int kind = m_kindFilter->currentData().toInt();
        m_proxy->setKindFilter(kind < 0 ? std::nullopt : std::optional<LockKind>(LockKind(kind)));
        updatePage();
    });
    bar->addWidget(m_kindFilter);

    m_nodeFilter = new QComboBox(this);
    m_nodeFilter->setObjectName(QStringLiteral("nodeFilter"));
    m_nodeFilter->addItem(tr("All nodes"), QString());
    m_nodeFilter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_nodeFilter, &QComboBox::currentIndexChanged, this, [this] {
        m_proxy->setNodeFilter(m_nodeFilter->currentData().toString());
        updatePage();
    });
    bar->addWidget(m_nodeFilter);

    m_stateFilter = new QComboBox(this);
    m_stateFilter->setObjectName(QStringLiteral("stateFilter"));
    m_stateFilter->addItem(tr("All states"), -1);
    for (auto state : {LockRecord::State::Held, LockRecord::State::Expiring, LockRecord::State::Stuck,
             LockRecord::State::Free})
        m_stateFilter->addItem(LockTableModel::stateName(state), int(state));
    m_stateFilter->setToolTip(tr("Show only the locks in one state (expiring follows the countdown)"));
    connect(m_stateFilter, &QComboBox::currentIndexChanged, this, [this] {
        const int state = m_stateFilter->currentData().toInt();
        m_proxy->setStateFilter(
            state < 0 ? std::nullopt : std::optional<LockRecord::State>(LockRecord::State(state)));
        updatePage();
    });
    bar->addWidget(m_stateFilter);

    m_serverFilter = new QComboBox(this);
    m_serverFilter->setObjectName(QStringLiteral("serverFilter"));
    m_serverFilter->setToolTip(tr("Show only the locks of one open server"));
    m_serverFilter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_serverFilter->setMaximumWidth(220);
    m_serverFilter->addItem(tr("All servers"), -1);
    m_serverFilter->setVisible(false);
    connect(m_serverFilter, &QComboBox::currentIndexChanged, this, [this] {
        const int server = m_serverFilter->currentData().toInt();
        m_proxy->setServerFilter(server < 0 ? std::nullopt : std::optional<quint16>(quint16(server)));
        updatePage();
    });
    bar->insertWidget(bar->indexOf(m_kindFilter), m_serverFilter);

    auto* possible = new QCheckBox(tr("Possible locks"), this);
    possible->setObjectName(QStringLiteral("possibleLocksCheck"));
    possible->setChecked(true);
    possible->setToolTip(tr("Also show keys that are only possibly locks: a random token with a TTL under a "
                            "name that does not say lock (shown in grey italics; a session id can look the "
                            "same)"));
    connect(possible, &QCheckBox::toggled, this, [this](bool show) {
        m_proxy->setShowPossible(show);
        updatePage();
    });
    bar->addWidget(possible);

    m_countLabel = new QLabel(this);
    m_countLabel->setObjectName(QStringLiteral("lockCountLabel"));
    bar->addWidget(m_countLabel);
    layout->addLayout(bar);
}

void LockMonitorView::createActions()
{
    m_forceRelease = new QAction(QIcon::fromTheme(QStringLiteral("edit-delete"),
                                     style()->standardIcon(QStyle::SP_DialogDiscardButton)),
        tr("&Force-Release…"), this);
    m_forceRelease->setObjectName(QStringLiteral("forceReleaseAction"));
    m_forceRelease->setShortcut(QKeySequence::Delete);
    // Delete acts on a lock only while the table has focus: in the filter box it deletes text.
    m_forceRelease->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(m_forceRelease);
    connect(m_forceRelease, &QAction::triggered, this,
        [this] { requestAction(LockAdminRequest::Action::ForceRelease); });

    m_extend = new QAction(QIcon::fromTheme(QStringLiteral("appointment-new")), tr("&Extend TTL…"), this);
    m_extend->setObjectName(QStringLiteral("extendAction"));
    m_extend->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_extend->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(m_extend);
    connect(
        m_extend, &QAction::triggered, this, [this] { requestAction(LockAdminRequest::Action::ExtendTtl); });

    m_removeWaiters = new QAction(tr("Remove &Stale Waiters…"), this);
    m_removeWaiters->setObjectName(QStringLiteral("removeWaitersAction"));
    connect(m_removeWaiters, &QAction::triggered, this,
        [this] { requestAction(LockAdminRequest::Action::RemoveStaleWaiters); });

    m_copyName = new QAction(QIcon::fromTheme(QStringLiteral("edit-copy")), tr("&Copy Lock Name"), this);
    m_copyName->setObjectName(QStringLiteral("copyNameAction"));
    m_copyName->setShortcut(QKeySequence::Copy);
    m_copyName->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(m_copyName);
    connect(m_copyName, &QAction::triggered, this, [this] {
        if (const LockRecord* lock = selectedLock())
            QApplication::clipboard()->setText(lock->name());
    });

    m_copyDetails = new QAction(tr("Copy Lock &Details"), this);
    m_copyDetails->setObjectName(QStringLiteral("copyDetailsAction"));
    m_copyDetails->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copyDetails, &QAction::triggered, this, [this] {
        const LockRecord* lock = selectedLock();
        if (!lock)
            return;
        // Rendered again first: the pane's TTL is from when it was last drawn.
        m_detail->showLock(*lock, m_events->historyOf(*lock));
        QApplication::clipboard()->setText(m_detail->plainDetails());
    });

    m_export = new QAction(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("E&xport Table…"), this);
    m_export->setObjectName(QStringLiteral("exportAction"));
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_export->setStatusTip(tr("Save the locks shown (after filtering) as CSV or JSON"));
    connect(m_export, &QAction::triggered, this, &LockMonitorView::exportTable);

    m_goTo = new QAction(QIcon::fromTheme(QStringLiteral("go-jump")), tr("&Go to Lock…"), this);
    m_goTo->setObjectName(QStringLiteral("goToAction"));
    m_goTo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    m_goTo->setStatusTip(tr("Find a lock by its library's name for it or by its Redis key"));
    m_goTo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(m_goTo);
    connect(m_goTo, &QAction::triggered, this, &LockMonitorView::goToLock);
}

void LockMonitorView::goToLock()
{
    auto* dialog = new LockGoToDialog(*m_locks, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const auto target = dialog->chosen();
        if (!target || selectLock(*target))
            return;
        // The filters hide it: show every lock again rather than not going there.
        m_filter->clear();
        m_kindFilter->setCurrentIndex(0);
        m_nodeFilter->setCurrentIndex(0);
        m_stateFilter->setCurrentIndex(0);
        m_serverFilter->setCurrentIndex(0);
        if (auto* possible = findChild<QCheckBox*>(QStringLiteral("possibleLocksCheck")))
            possible->setChecked(true);
        selectLock(*target);
    });
    dialog->open();
}

std::optional<LockId> LockMonitorView::selectedLockId() const
{
    const LockRecord* lock = selectedLock();
    return lock ? std::optional<LockId>(lock->id()) : std::nullopt;
}

std::optional<quint16> LockMonitorView::selectedServer() const
{
    const LockRecord* lock = selectedLock();
    return lock ? std::optional<quint16>(lock->server()) : std::nullopt;
}

const LockRecord* LockMonitorView::selectedLock() const
{
    // The selected row itself: its key alone may name a lock on several servers.
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return nullptr;
    const QModelIndex row = m_proxy->mapToSource(rows.first());
    return row.isValid() ? &m_locks->recordAt(row.row()) : nullptr;
}

void LockMonitorView::setKeyColumnShown(bool shown)
{
    m_table->setColumnHidden(LockTableModel::KeyColumn, !shown);
}

bool LockMonitorView::selectLock(const LockIdView& id)
{
    const int row = m_locks->rowOf(id);
    if (row < 0)
        return false;
    const QModelIndex shown = m_proxy->mapFromSource(m_locks->index(row, 0));
    if (!shown.isValid())
        return false;
    m_table->selectRow(shown.row());
    m_table->scrollTo(shown);
    return true;
}

void LockMonitorView::applyBatch(const LockUpdateBatch& batch)
{
    const std::optional<LockId> selected = selectedLockId();
    // (What a re-listing found different arrives after it as events: see ServerWatch.)
    m_locks->apply(batch);
    // The log keeps everything since the window opened, across re-listings and servers.
    m_events->appendBatch(batch);
    m_activity->record(batch);
    m_activity->setLockCount(m_locks->rowCount());
    if (!batch.changes.isEmpty() && !m_followLog->isActive())
        m_followLog->start();
    updatePage();
    Q_EMIT lockCountChanged(m_locks->rowCount());
    // The selection follows the lock; its details follow its changes.
    if (selected && selectedLockId() == selected) {
        const int row = m_locks->rowOf(*selected);
        if (row >= 0) {
            m_detail->setServerName(m_locks->servers().size() > 1
                    ? m_locks->serverName(m_locks->recordAt(row).server())
                    : QString());
            m_detail->showLock(m_locks->recordAt(row), m_events->historyOf(m_locks->recordAt(row)));
        }
    } else if (selected && !selectedLockId()) {
        // The selected lock went away (with nothing selected there is nothing to clear).
        m_detail->showNothing();
        announceSelection(nullptr);
    }
    updateActions();
}

void LockMonitorView::announceSelection(const LockRecord* lock)
{
    const std::optional<LockId> id = lock ? std::optional<LockId>(lock->id()) : std::nullopt;
    if (id == m_selected)
        return;
    m_selected = id;
    Q_EMIT selectedLockChanged(m_selected);
}

void LockMonitorView::selectionChanged()
{
    const LockRecord* lock = selectedLock();
    if (!lock) {
        m_detail->showNothing();
    } else {
        m_detail->setServerName(
            m_locks->servers().size() > 1 ? m_locks->serverName(lock->server()) : QString());
        m_detail->showLock(*lock, m_events->historyOf(*lock));
        if (LockMonitorController* monitor = routeOf(lock).monitor)
            monitor->readKeys(*lock);
    }
    announceSelection(lock);
    updateActions();
}

void LockMonitorView::showConnection(const ConnectionStatus& status)
{
    m_emptyState->showConnection(status);
    showServerConnection(m_monitor.server(), status);
}

void LockMonitorView::setProductionMarked(bool production)
{
    setServerProductionMarked(m_monitor.server(), production);
}

void LockMonitorView::showServerConnection(quint16 server, const ConnectionStatus& status)
{
    m_routes.setConnection(server, status);
    updateActions();
}

void LockMonitorView::setServerProductionMarked(quint16 server, bool production)
{
    m_routes.setProduction(server, production);
}

void LockMonitorView::addServer(LockMonitorController& monitor, const QString& name)
{
    const quint16 server = monitor.server();
    m_routes.add(monitor);
    connect(&monitor, &LockMonitorController::batchReady, this, &LockMonitorView::applyBatch);
    connect(&monitor, &LockMonitorController::adminPerformed, this, &LockMonitorView::showAdminResult);
    connect(&monitor, &LockMonitorController::keysRead, m_detail, &LockDetailPane::showKeys);
    m_locks->setServerName(server, name);
}

void LockMonitorView::removeServer(quint16 server)
{
    if (server == m_monitor.server())
        return; // the window's own connection stays (closed, it shows no rows)
    if (LockMonitorController* monitor = m_routes.remove(server))
        monitor->disconnect(this);
    if (m_proxy->serverFilter() == server)
        setServerFilter(std::nullopt);
    m_locks->setServerName(server, {});
    updateActions();
}

void LockMonitorView::renameServer(quint16 server, const QString& name)
{
    m_locks->setServerName(server, name);
}

void LockMonitorView::setServerFilter(std::optional<quint16> server)
{
    const int index = m_serverFilter->findData(server ? int(*server) : -1);
    m_serverFilter->setCurrentIndex(index < 0 ? 0 : index);
}

LockServerRoutes::Route LockMonitorView::routeOf(const LockRecord* lock) const
{
    return m_routes.of(lock ? lock->server() : m_monitor.server());
}

void LockMonitorView::updateServerFilter()
{
    const int current = m_serverFilter->currentData().toInt();
    const QList<quint16> servers = m_locks->servers();
    {
        QSignalBlocker block(m_serverFilter);
        m_serverFilter->clear();
        m_serverFilter->addItem(tr("All servers"), -1);
        for (quint16 server : servers)
            m_serverFilter->addItem(m_locks->serverName(server), int(server));
        const int index = m_serverFilter->findData(current);
        m_serverFilter->setCurrentIndex(index < 0 ? 0 : index);
    }
    const bool several = servers.size() > 1;
    m_serverFilter->setVisible(several);
    m_table->setColumnHidden(LockTableModel::ServerColumn, !several);
    if (several && m_table->horizontalHeader()->visualIndex(LockTableModel::ServerColumn) != 0)
        m_table->horizontalHeader()->moveSection(
            m_table->horizontalHeader()->visualIndex(LockTableModel::ServerColumn), 0);
    const int shown = m_serverFilter->currentData().toInt();
    m_proxy->setServerFilter(shown < 0 ? std::nullopt : std::optional<quint16>(quint16(shown)));
    updatePage();
}

void LockMonitorView::updatePage()
{
    const int total = m_locks->rowCount();
    const int shown = m_proxy->rowCount();
    m_stack->setCurrentIndex(total == 0 ? 0 : 1);
    m_countLabel->setText(shown == total ? tr("%n lock(s)", nullptr, total)
                                         : tr("%1 of %n lock(s)", nullptr, total).arg(shown));
}

void LockMonitorView::updateNodeFilter()
{
    const QString current = m_nodeFilter->currentData().toString();
    QSignalBlocker block(m_nodeFilter);
    m_nodeFilter->clear();
    m_nodeFilter->addItem(tr("All nodes"), QString());
    for (const QString& node : m_locks->nodes())
        m_nodeFilter->addItem(node, node);
    const int index = m_nodeFilter->findData(current);
    m_nodeFilter->setCurrentIndex(index < 0 ? 0 : index);
    const bool severalNodes = m_locks->nodes().size() > 1;
    m_nodeFilter->setVisible(severalNodes || !current.isEmpty());
    // One node (standalone, sentinel): the status bar names it, the column would repeat it.
    m_table->setColumnHidden(LockTableModel::NodeColumn, !severalNodes);
    if (index < 0 && !current.isEmpty())
        m_proxy->setNodeFilter({});
}

void LockMonitorView::updateActions()
{
    const LockRecord* lock = selectedLock();
    const LockServerRoutes::Route route = routeOf(lock);
    const auto refusals
        = LockActionRules::judge(lock, route.connection, route.monitor && route.monitor->isOpen());
    setEnabledWithReason(m_forceRelease, refusals.forceRelease, LockActionRules::forceReleaseDoes());
    setEnabledWithReason(m_extend, refusals.extend, LockActionRules::extendDoes());
    setEnabledWithReason(m_removeWaiters, refusals.removeWaiters, LockActionRules::removeWaitersDoes());
    m_copyName->setEnabled(lock != nullptr);
    m_copyDetails->setEnabled(lock != nullptr);
    m_export->setEnabled(m_locks->rowCount() > 0);
}

void LockMonitorView::requestAction(LockAdminRequest::Action action)
{
    updateActions();
    QAction* trigger = action == LockAdminRequest::Action::ForceRelease ? m_forceRelease
        : action == LockAdminRequest::Action::ExtendTtl                 ? m_extend
                                                                        : m_removeWaiters;
    const LockRecord* lock = selectedLock();
    if (!trigger->isEnabled() || !lock)
        return;
    const LockServerRoutes::Route route = routeOf(lock);
    if (!route.monitor)
        return;
    LockActionDialog dialog(action, *lock, route.production, this);
    const bool accepted = m_dialogHook ? m_dialogHook(dialog) : dialog.exec() == QDialog::Accepted;
    if (!accepted)
        return;
    LockAdminRequest request = dialog.request();
    route.monitor->perform(request);
    m_resultLabel->setText(tr("%1 %2: asking Redis…").arg(LockAdminTexts::actionName(action), lock->name()));
    m_resultLabel->setStyleSheet({});
    m_resultLabel->setVisible(true);
}

void LockMonitorView::showAdminResult(const LockAdminReport& report)
{
    QString text = tr("%1 %2 on %3: %4")
                       .arg(LockAdminTexts::actionName(report.action), report.lock.name(), report.lock.node(),
                           report.message);
    if (!report.auditError.isEmpty())
        text += QLatin1Char(' ') + tr("(the audit log could not be written: %1)").arg(report.auditError);
    m_resultLabel->setText(text);
    const bool done = report.outcome == LockAdminReport::Outcome::Done;
    m_resultLabel->setStyleSheet(done ? QString() : QStringLiteral("color: #d93025;"));
    m_resultLabel->setVisible(true);

    LockEventRecord event;
    event.type = LockEventRecord::Type::Admin;
    event.atMs = QDateTime::currentMSecsSinceEpoch();
    event.lock = report.lock;
    event.said = tr("%1: %2").arg(LockAdminTexts::actionName(report.action), report.message);
    m_events->append({event});
    m_eventView->scrollToBottom();
    Q_EMIT message(text);
}

void LockMonitorView::exportTable()
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Locks"), QStringLiteral("locks.csv"), tr("CSV (*.csv);;JSON (*.json)"), &filter);
    if (path.isEmpty())
        return;
    const QString error = LockTableExporter::save(path, *m_proxy, *m_locks);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export failed"), tr("Cannot write %1: %2").arg(path, error));
    else
        Q_EMIT message(tr("Exported %n lock(s) to %1", nullptr, m_proxy->rowCount()).arg(path));
}

void LockMonitorView::insertBanner(QWidget* banner)
{
    if (auto* box = qobject_cast<QVBoxLayout*>(layout()))
        box->insertWidget(1, banner);
}

QByteArray LockMonitorView::saveSplitterState() const
{
    QByteArray state;
    QDataStream out(&state, QIODevice::WriteOnly);
    out << m_verticalSplitter->saveState() << m_tableSplitter->saveState();
    return state;
}

void LockMonitorView::restoreSplitterState(const QByteArray& state)
{
    QDataStream in(state);
    QByteArray vertical;
    QByteArray horizontal;
    in >> vertical >> horizontal;
    if (in.status() != QDataStream::Ok)
        return;
    m_verticalSplitter->restoreState(vertical);
    m_tableSplitter->restoreState(horizontal);
}

} // namespace lockscope::ui
