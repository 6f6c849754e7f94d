#include "connection/ServerSummaryPanel.h"

#include "connection/StatusTexts.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

const QString noValue = QStringLiteral("—");

} // namespace

ServerSummaryPanel::ServerSummaryPanel(QWidget* parent)
    : QGroupBox(tr("Server"), parent)
    , m_form(new QFormLayout)
{
    setObjectName(QStringLiteral("serverSummaryPanel"));
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setLabelAlignment(Qt::AlignLeft);
    m_form->setRowWrapPolicy(QFormLayout::DontWrapRows);

    m_state = addRow(tr("Connection"), QStringLiteral("serverState"));
    m_endpoint = addRow(tr("Endpoint"), QStringLiteral("serverEndpoint"));
    m_version = addRow(tr("Version"), QStringLiteral("serverVersion"));
    m_role = addRow(tr("Role"), QStringLiteral("serverRole"));
    m_topology = addRow(tr("Topology"), QStringLiteral("serverTopology"));
    m_clusterMasters = addRow(tr("Masters"), QStringLiteral("serverClusterMasters"));
    m_roundTrip = addRow(tr("Round trip"), QStringLiteral("serverRoundTrip"));
    m_keys = addRow(tr("Keys"), QStringLiteral("serverKeys"));
    m_notifications = addRow(tr("Notifications"), QStringLiteral("serverNotifications"));
    m_refreshed = addRow(tr("Updated"), QStringLiteral("serverRefreshed"));
    m_roundTrip->setToolTip(tr("Median of a few PINGs, measured by the refresh"));
    m_keys->setToolTip(tr("DBSIZE of the selected database"));

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("serverError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setForegroundRole(QPalette::BrightText);
    m_error->setAutoFillBackground(true);
    QPalette errorPalette = m_error->palette();
    // A muted red that stays readable on both light and dark palettes.
    errorPalette.setColor(QPalette::Window, QColor(0xb3, 0x26, 0x1e));
    errorPalette.setColor(QPalette::BrightText, Qt::white);
    m_error->setPalette(errorPalette);
    m_error->setContentsMargins(8, 6, 8, 6);
    m_error->hide();

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(m_form);
    layout->addWidget(m_error);

    setRowVisible(m_clusterMasters, false);
    clearServerValues();
    showStatus(ConnectionStatus {}, {});
}

QLabel* ServerSummaryPanel::addRow(const QString& title, const QString& objectName)
{
    auto* value = new QLabel(noValue, this);
    value->setObjectName(objectName);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    m_form->addRow(title, value);
    return value;
}

void ServerSummaryPanel::setRowVisible(QLabel* value, bool visible)
{
    value->setVisible(visible);
    if (QWidget* title = m_form->labelForField(value))
        title->setVisible(visible);
}

void ServerSummaryPanel::clearServerValues()
{
    for (QLabel* value :
        {m_version, m_role, m_topology, m_clusterMasters, m_roundTrip, m_keys, m_notifications, m_refreshed})
        value->setText(noValue);
    m_notifications->setToolTip({});
    setRowVisible(m_clusterMasters, false);
}

void ServerSummaryPanel::showStatus(const ConnectionStatus& status, const QString& label)
{
    QString state = StatusTexts::stateName(status.state);
    if (const QString retry = StatusTexts::retryNote(status); !retry.isEmpty())
        state = tr("%1, %2").arg(state, retry);
    m_state->setText(state);
    const QString endpoint = status.endpoint.isEmpty() ? noValue : status.endpoint;
    m_endpoint->setText(label.isEmpty() ? endpoint : tr("%1 (%2)").arg(endpoint, label));
    if (status.state == ConnectionStatus::State::NotConnected)
        clearServerValues();
    m_error->setText(status.error);
    m_error->setVisible(!status.error.isEmpty());
}

void ServerSummaryPanel::showSummary(const ServerSummary& summary)
{
    m_version->setText(summary.version.isEmpty() ? noValue : summary.version);
    m_role->setText(summary.role.isEmpty() ? noValue : summary.role);
    m_topology->setText(StatusTexts::topologyKind(summary.topologyKind));
    QStringList masters;
    for (const auto& master : summary.clusterMasters)
        masters.append(tr("%1 (%n slots)", nullptr, master.slotCount).arg(master.node));
    m_clusterMasters->setText(masters.join(QLatin1Char('\n')));
    setRowVisible(m_clusterMasters, !summary.clusterMasters.isEmpty());
    m_roundTrip->setText(StatusTexts::roundTrip(summary.roundTripMicros));
    m_keys->setText(summary.keyCount < 0 ? noValue : QLocale().toString(summary.keyCount));
    const auto mode = summary.liveUpdateMode();
    m_notifications->setText(summary.keyspaceEventsKnown
            ? (summary.keyspaceEvents.isEmpty() ? tr("off") : tr("on (\"%1\")").arg(summary.keyspaceEvents))
            : tr("unknown (CONFIG GET refused)"));
    m_notifications->setToolTip(StatusTexts::liveUpdateExplanation(mode, summary.keyspaceEvents));
    m_refreshed->setText(summary.refreshedAt.time().toString(QStringLiteral("HH:mm:ss")));
}

} // namespace lockscope::ui
