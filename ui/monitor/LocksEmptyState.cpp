#include "monitor/LocksEmptyState.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace lockscope::ui {

LocksEmptyState::LocksEmptyState(QWidget* parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_title(new QLabel(this))
    , m_body(new QLabel(this))
    , m_connections(new QPushButton(this))
{
    setObjectName(QStringLiteral("locksEmptyState"));
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);

    m_icon->setAlignment(Qt::AlignCenter);
    m_title->setObjectName(QStringLiteral("locksEmptyTitle"));
    m_title->setAlignment(Qt::AlignCenter);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_body->setObjectName(QStringLiteral("locksEmptyBody"));
    m_body->setAlignment(Qt::AlignCenter);
    m_body->setWordWrap(true);
    m_body->setForegroundRole(QPalette::PlaceholderText);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(48, 32, 48, 32);
    layout->setSpacing(12);
    layout->addStretch(1);
    layout->addWidget(m_icon);
    layout->addWidget(m_title);
    layout->addWidget(m_body);
    m_connections->setObjectName(QStringLiteral("locksEmptyConnections"));
    m_connections->setVisible(false);
    layout->addWidget(m_connections, 0, Qt::AlignHCenter);
    layout->addStretch(2);

    updateIcon();
    updateTexts();
}

void LocksEmptyState::setConnectionsAction(QAction* action)
{
    m_connections->disconnect();
    connect(m_connections, &QPushButton::clicked, action, &QAction::trigger);
    m_connections->setIcon(action->icon());
    m_connectionsOffered = true;
    updateTexts();
}

void LocksEmptyState::showConnection(const ConnectionStatus& status)
{
    if (status.state == m_state && status.endpoint == m_endpoint)
        return;
    m_state = status.state;
    m_endpoint = status.endpoint;
    updateIcon();
    updateTexts();
}

void LocksEmptyState::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        updateTexts();
    QFrame::changeEvent(event);
}

void LocksEmptyState::updateTexts()
{
    switch (m_state) {
    case ConnectionStatus::State::Connected:
        m_title->setText(tr("No locks to show yet"));
        m_body->setText(tr("The lock table appears here once locks are found on this server."));
        break;
    case ConnectionStatus::State::Connecting:
        m_title->setText(tr("Connecting"));
        m_body->setText(
            tr("Connecting to %1… The lock table appears here once locks are found.").arg(m_endpoint));
        break;
    case ConnectionStatus::State::Unreachable:
        m_title->setText(tr("Waiting for the server"));
        m_body->setText(tr("LockScope cannot reach %1 and keeps trying; the error is on the left. The lock "
                           "table appears here once the server answers and locks are found.")
                            .arg(m_endpoint));
        break;
    case ConnectionStatus::State::NotConnected:
        m_title->setText(tr("Not connected"));
        m_body->setText(
            tr("Connect to a Redis server (File › Connections… or File › Connect to URL…) to look "
               "for locks. The lock table appears here once locks are found."));
        break;
    }
    m_connections->setText(tr("Open Connections…"));
    // Waiting for a server, or none: another connection is a likely next step.
    const bool offer
        = m_state == ConnectionStatus::State::NotConnected || m_state == ConnectionStatus::State::Unreachable;
    m_connections->setVisible(offer && m_connectionsOffered);
}

void LocksEmptyState::updateIcon()
{
    const QIcon icon = QApplication::windowIcon();
    m_icon->setPixmap(icon.pixmap(QSize(96, 96), devicePixelRatioF(),
        m_state == ConnectionStatus::State::Connected ? QIcon::Normal : QIcon::Disabled));
    m_icon->setVisible(!icon.isNull());
}

} // namespace lockscope::ui
