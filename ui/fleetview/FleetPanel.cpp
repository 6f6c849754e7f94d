#include "fleetview/FleetPanel.h"

#include "connection/ConnectionController.h"
#include "connection/StatusTexts.h"
#include "fleetview/Fleet.h"
#include "fleetview/FleetServer.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockTableModel.h"
#include "profiles/ConnectionProfileStore.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

constexpr int serverIdRole = Qt::UserRole + 1;

} // namespace

FleetPanel::FleetPanel(Fleet& fleet, const LockTableModel& locks, QWidget* parent)
    : QWidget(parent)
    , m_fleet(fleet)
    , m_locks(locks)
    , m_table(new QTreeWidget(this))
    , m_add(new QToolButton(this))
    , m_remove(new QPushButton(tr("&Remove Server"), this))
    , m_refresh(new QTimer(this))
{
    setObjectName(QStringLiteral("fleetPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* title = new QLabel(tr("<b>Servers</b>"), this);
    bar->addWidget(title);
    bar->addStretch(1);
    m_add->setObjectName(QStringLiteral("fleetAddButton"));
    m_add->setText(tr("&Add Server"));
    m_add->setToolTip(tr("Open another server beside these: a URL, a saved connection or the sandbox"));
    m_add->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(m_add);
    connect(menu, &QMenu::aboutToShow, this, &FleetPanel::fillAddMenu);
    m_add->setMenu(menu);
    bar->addWidget(m_add);
    m_remove->setObjectName(QStringLiteral("fleetRemoveButton"));
    m_remove->setToolTip(tr("Close the selected server; the others keep running"));
    m_remove->setEnabled(false);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        if (const auto server = selectedServer())
            m_fleet.remove(*server);
    });
    bar->addWidget(m_remove);
    layout->addLayout(bar);

    m_table->setObjectName(QStringLiteral("fleetTable"));
    m_table->setRootIsDecorated(false);
    m_table->setUniformRowHeights(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setColumnCount(ColumnCount);
    m_table->setHeaderLabels({tr("Server"), tr("State"), tr("Updates"), tr("Round trip"), tr("Locks"),
        tr("Stuck"), tr("Waiters"), tr("Alerts")});
    const QList<int> widths {150, 260, 110, 80, 60, 50, 60, 50};
    for (int column = 0; column < widths.size(); ++column)
        m_table->setColumnWidth(column, widths[column]);
    m_table->header()->setStretchLastSection(true);
    m_table->setTextElideMode(Qt::ElideRight);
    layout->addWidget(m_table, 1);
    connect(m_table, &QTreeWidget::itemSelectionChanged, this, [this] {
        m_remove->setEnabled(selectedServer().has_value());
        Q_EMIT serverSelected(selectedServer());
    });

    // States arrive as they change; the counts follow the table once a second.
    m_refresh->setSingleShot(true);
    m_refresh->setInterval(200);
    connect(m_refresh, &QTimer::timeout, this, &FleetPanel::refresh);
    auto* counts = new QTimer(this);
    connect(counts, &QTimer::timeout, this, &FleetPanel::refresh);
    counts->start(1000);
    auto follow = [this](FleetServer* server) {
        connect(server, &FleetServer::changed, this, &FleetPanel::refreshSoon);
        refresh(); // its row at once: it can be selected as soon as it is added
    };
    for (FleetServer* server : m_fleet.servers())
        follow(server);
    connect(&m_fleet, &Fleet::serverAdded, this, follow);
    connect(&m_fleet, &Fleet::serverRemoved, this, &FleetPanel::refresh);
    refresh();
}

void FleetPanel::fillAddMenu()
{
    QMenu* menu = m_add->menu();
    menu->clear();
    menu->addAction(tr("By &URL…"), this, &FleetPanel::addUrlRequested);
    menu->addAction(tr("The &Sandbox"), this, [this] { m_fleet.openSandbox(); });
    const QList<ConnectionProfile> profiles = ConnectionProfileStore().profiles();
    if (!profiles.isEmpty())
        menu->addSection(tr("Saved connections"));
    for (const ConnectionProfile& profile : profiles)
        menu->addAction(profile.name, this, [this, id = profile.id] { m_fleet.openProfile(id); });
}

void FleetPanel::refreshSoon()
{
    if (!m_refresh->isActive())
        m_refresh->start();
}

QTreeWidgetItem* FleetPanel::rowOf(quint16 id) const
{
    for (int row = 0; row < m_table->topLevelItemCount(); ++row)
        if (m_table->topLevelItem(row)->data(ServerColumn, serverIdRole).toInt() == id)
            return m_table->topLevelItem(row);
    return nullptr;
}

std::optional<quint16> FleetPanel::selectedServer() const
{
    const QList<QTreeWidgetItem*> selected = m_table->selectedItems();
    if (selected.isEmpty())
        return std::nullopt;
    return quint16(selected.first()->data(ServerColumn, serverIdRole).toInt());
}

void FleetPanel::refresh()
{
    const QHash<quint16, LockTableModel::ServerCounts> counts = m_locks.countsByServer();
    const QList<FleetServer*> servers = m_fleet.servers();
    // Rows of removed servers go; the selection stays on the rows that stay.
    for (int row = m_table->topLevelItemCount() - 1; row >= 0; --row) {
        const int id = m_table->topLevelItem(row)->data(ServerColumn, serverIdRole).toInt();
        if (!m_fleet.server(quint16(id)))
            delete m_table->takeTopLevelItem(row);
    }
    for (const FleetServer* server : servers) {
        QTreeWidgetItem* row = rowOf(server->id());
        if (!row) {
            row = new QTreeWidgetItem(m_table);
            row->setData(ServerColumn, serverIdRole, int(server->id()));
            for (int column = LocksColumn; column < ColumnCount; ++column)
                row->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
        }
        const LockTableModel::ServerCounts count = counts.value(server->id());
        fillRow(*row, *server, count.locks, count.stuck, count.waiters);
    }
}

void FleetPanel::fillRow(
    QTreeWidgetItem& row, const FleetServer& server, int locks, int stuck, qint64 waiters) const
{
    const ConnectionStatus& status = server.connection().status();
    const MonitorStatus& monitor = server.monitor().status();
    QString state;
    QColor color;
    if (!server.credentialsRefused().isEmpty()) {
        state
            = tr("credentials refused: %1 (not retried until they change)").arg(server.credentialsRefused());
        color = QColor(0xd9, 0x30, 0x25);
    } else if (status.state == ConnectionStatus::State::Unreachable) {
        state = tr("unreachable: %1 — reconnecting (attempt %2)")
                    .arg(status.error)
                    .arg(status.failedAttempts + 1);
        color = QColor(0xd9, 0x30, 0x25);
    } else {
        state = StatusTexts::stateName(status.state);
        if (status.state == ConnectionStatus::State::Connected)
            color = QColor(0x2e, 0xa0, 0x4f);
    }
    QString updates;
    switch (monitor.state) {
    case MonitorStatus::State::Off:
        break;
    case MonitorStatus::State::Starting:
        updates = tr("listing…");
        break;
    case MonitorStatus::State::Watching:
        updates = monitor.notifications
            ? tr("live")
            : tr("polling every %1 s").arg(QLocale().toString(monitor.pollIntervalMs / 1000.0, 'g', 3));
        break;
    case MonitorStatus::State::Failed:
        updates = tr("monitor retrying: %1").arg(monitor.error);
        break;
    }
    const bool connected = status.state == ConnectionStatus::State::Connected;
    const QStringList texts {server.name(), state, updates,
        connected ? StatusTexts::roundTrip(server.connection().summary().roundTripMicros) : tr("—"),
        QString::number(locks), QString::number(stuck), QString::number(waiters),
        QString::number(server.alertsFiring())};
    for (int column = 0; column < ColumnCount; ++column) {
        row.setText(column, texts[column]);
        row.setToolTip(column, texts[column]);
    }
    row.setToolTip(ServerColumn, status.endpoint.isEmpty() ? server.name() : status.endpoint);
    row.setForeground(StateColumn, color.isValid() ? QBrush(color) : QBrush());
    row.setForeground(StuckColumn, stuck > 0 ? QBrush(QColor(0xd9, 0x30, 0x25)) : QBrush());
    row.setForeground(AlertsColumn, server.alertsFiring() > 0 ? QBrush(QColor(0xd9, 0x30, 0x25)) : QBrush());
}

} // namespace lockscope::ui
