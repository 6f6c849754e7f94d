#include "app/ConnectionStatusBar.h"

#include "base/ElidedLabel.h"
#include "connection/StatusTexts.h"

#include <QLabel>
#include <QPainter>
#include <QPixmap>

namespace lockscope::ui {

ConnectionStatusBar::ConnectionStatusBar(QWidget* parent)
    : QStatusBar(parent)
{
    setObjectName(QStringLiteral("connectionStatusBar"));
    m_stateDot = new QLabel(this);
    m_stateDot->setContentsMargins(6, 0, 0, 0);
    addWidget(m_stateDot);
    m_connection = addPart(QStringLiteral("statusConnection"), 1);
    m_endpoint = addPart(QStringLiteral("statusEndpoint"), 0);
    m_readOnly = addPart(QStringLiteral("statusReadOnly"), 0);
    m_readOnly->setText(tr("read-only"));
    m_readOnly->setToolTip(
        tr("This connection refuses every command that could write: admin actions are off."));
    m_topology = addPart(QStringLiteral("statusTopology"), 0);
    m_liveUpdates = addPart(QStringLiteral("statusLiveUpdates"), 0);
    m_lockCount = addPart(QStringLiteral("statusLockCount"), 0);
    m_lockCount->setVisible(false);
    m_lockCount->setMaximumWidth(360);
    m_endpoint->setMaximumWidth(360);
    showStatus(ConnectionStatus {}, {});
}

QLabel* ConnectionStatusBar::addPart(const QString& objectName, int stretch)
{
    // Every part elides rather than widen the window (a long error used to push the window's
    // right edge off the screen); the whole text is in its tooltip.
    auto* part = new ElidedLabel(this);
    part->setObjectName(objectName);
    part->setContentsMargins(6, 0, 6, 0);
    if (stretch > 0)
        addWidget(part, stretch);
    else
        addPermanentWidget(part);
    return part;
}

void ConnectionStatusBar::showStateDot(ConnectionStatus::State state)
{
    QColor color;
    switch (state) {
    case ConnectionStatus::State::Connected:
        color = QColor(0x2e, 0xa0, 0x4f);
        break;
    case ConnectionStatus::State::Connecting:
        color = QColor(0xe3, 0xa0, 0x08);
        break;
    case ConnectionStatus::State::Unreachable:
        color = QColor(0xd9, 0x30, 0x25);
        break;
    case ConnectionStatus::State::NotConnected:
        color = QColor(0x8a, 0x8a, 0x8a);
        break;
    }
    const qreal ratio = devicePixelRatioF();
    QPixmap dot(QSize(10, 10) * ratio);
    dot.setDevicePixelRatio(ratio);
    dot.fill(Qt::transparent);
    QPainter painter(&dot);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawEllipse(QRectF(0.5, 0.5, 9, 9));
    painter.end();
    m_stateDot->setPixmap(dot);
    m_stateDot->setToolTip(StatusTexts::stateName(state));
}

void ConnectionStatusBar::showStatus(const ConnectionStatus& status, const QString& label)
{
    showStateDot(status.state);
    if (status.error.isEmpty()) {
        m_connection->setText(StatusTexts::stateName(status.state));
        m_connection->setToolTip(m_connection->text());
        m_connection->setStyleSheet({});
    } else {
        // The whole error in the tooltip; the bar keeps one line.
        const QString retry = StatusTexts::retryNote(status);
        m_connection->setText(retry.isEmpty() ? tr("Error: %1").arg(status.error)
                                              : tr("Error: %1 — %2").arg(status.error, retry));
        m_connection->setToolTip(m_connection->text());
        m_connection->setStyleSheet(QStringLiteral("color: #d93025; font-weight: bold;"));
    }
    if (status.endpoint.isEmpty())
        m_endpoint->setText(tr("No server"));
    else if (label.isEmpty())
        m_endpoint->setText(status.endpoint);
    else
        m_endpoint->setText(tr("%1: %2").arg(label, status.endpoint));
    m_endpoint->setToolTip(m_endpoint->text());
    m_readOnly->setVisible(status.readOnly);
    if (status.state == ConnectionStatus::State::NotConnected) {
        m_topology->clear();
        m_liveUpdates->clear();
        m_liveUpdates->setToolTip({});
    }
    m_topology->setVisible(!m_topology->text().isEmpty());
    m_liveUpdates->setVisible(!m_liveUpdates->text().isEmpty());
}

void ConnectionStatusBar::showSummary(const ServerSummary& summary)
{
    m_topology->setText(StatusTexts::topology(summary));
    const auto mode = summary.liveUpdateMode();
    m_topology->setVisible(true);
    if (m_monitorKnows)
        return;
    m_liveUpdates->setText(StatusTexts::liveUpdateName(mode));
    m_liveUpdates->setToolTip(StatusTexts::liveUpdateExplanation(mode, summary.keyspaceEvents));
    m_liveUpdates->setVisible(true);
}

void ConnectionStatusBar::showMonitor(const MonitorStatus& status, int lockCount)
{
    m_monitorKnows = status.state == MonitorStatus::State::Watching;
    if (m_monitorKnows) {
        m_liveUpdates->setText(StatusTexts::monitorModeName(status));
        m_liveUpdates->setToolTip(status.description);
        m_liveUpdates->setVisible(true);
    }
    switch (status.state) {
    case MonitorStatus::State::Off:
        m_lockCount->clear();
        m_lockCount->setToolTip({});
        break;
    case MonitorStatus::State::Starting:
        m_lockCount->setText(tr("Listing locks…"));
        m_lockCount->setToolTip({});
        break;
    case MonitorStatus::State::Watching:
        m_lockCount->setText(tr("%n lock(s)", nullptr, lockCount));
        m_lockCount->setToolTip({});
        break;
    case MonitorStatus::State::Failed:
        m_lockCount->setText(tr("Lock monitor: %1").arg(status.error));
        // The whole error, where the bar may show only its start.
        m_lockCount->setToolTip(tr("The lock monitor failed and retries by itself: %1").arg(status.error));
        break;
    }
    m_lockCount->setStyleSheet(status.state == MonitorStatus::State::Failed
            ? QStringLiteral("color: #d93025; font-weight: bold;")
            : QString());
    m_lockCount->setVisible(!m_lockCount->text().isEmpty());
}

} // namespace lockscope::ui
