#include "ui/LocksEmptyState.h"

#include <QApplication>
#include <QEvent>
#include <QIcon>
#include <QLabel>
#include <QVBoxLayout>

namespace lockscope::ui {

LocksEmptyState::LocksEmptyState(QWidget* parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_title(new QLabel(this))
    , m_body(new QLabel(this))
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
    layout->setContentsMargins(32, 32, 32, 32);
    layout->setSpacing(12);
    layout->addStretch(1);
    layout->addWidget(m_icon);
    layout->addWidget(m_title);
    layout->addWidget(m_body);
    layout->addStretch(2);

    updateIcon();
    updateTexts();
}

void LocksEmptyState::setConnected(bool connected)
{
    if (connected == m_connected)
        return;
    m_connected = connected;
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
    m_title->setText(tr("No locks to show yet"));
    m_body->setText(m_connected
            ? tr("The lock table appears here once locks are found on this server.")
            : tr("Connect to a Redis server to look for locks. The lock table appears here once "
                 "locks are found."));
}

void LocksEmptyState::updateIcon()
{
    const QIcon icon = QApplication::windowIcon();
    m_icon->setPixmap(
        icon.pixmap(QSize(96, 96), devicePixelRatioF(), m_connected ? QIcon::Normal : QIcon::Disabled));
    m_icon->setVisible(!icon.isNull());
}

} // namespace lockscope::ui
