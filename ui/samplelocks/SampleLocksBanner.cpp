#include "samplelocks/SampleLocksBanner.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>

namespace lockscope::ui {

namespace {

// The key of earlier versions, kept so that a "don't offer again" stays remembered.
const QString offerKey = QStringLiteral("sandbox/offerDemoLocks");

} // namespace

SampleLocksBanner::SampleLocksBanner(QWidget* parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_add(new QPushButton(tr("Add Sample Locks"), this))
    , m_close(new QPushButton(tr("Not Now"), this))
    , m_dontAsk(new QCheckBox(tr("Don't offer again"), this))
{
    setObjectName(QStringLiteral("sampleLocksBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_text->setWordWrap(true);
    m_text->setObjectName(QStringLiteral("sampleLocksText"));
    m_add->setObjectName(QStringLiteral("addSampleLocksButton"));
    m_close->setObjectName(QStringLiteral("closeSampleLocksButton"));
    m_dontAsk->setObjectName(QStringLiteral("dontOfferSampleLocks"));
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_dontAsk);
    layout->addWidget(m_add);
    layout->addWidget(m_close);
    connect(m_add, &QPushButton::clicked, this, &SampleLocksBanner::accepted);
    connect(m_close, &QPushButton::clicked, this, [this] {
        if (m_dontAsk->isVisible() && m_dontAsk->isChecked())
            setOfferWanted(false);
        hide();
    });
    hide();
}

bool SampleLocksBanner::offerWanted()
{
    return QSettings().value(offerKey, true).toBool();
}

void SampleLocksBanner::setOfferWanted(bool wanted)
{
    QSettings().setValue(offerKey, wanted);
}

void SampleLocksBanner::showOffer()
{
    m_text->setText(
        tr("This is LockScope's own sandbox server, and it is empty. Fill it with sample locks of every "
           "kind — LockScope's own, plus Redisson, redis-py, node-redlock and redis-semaphore "
           "formats — to see the monitor at work?"));
    m_add->setVisible(true);
    m_add->setEnabled(true);
    m_dontAsk->setVisible(true);
    m_close->setText(tr("Not Now"));
    show();
}

void SampleLocksBanner::showSeeding()
{
    m_text->setText(tr("Adding sample locks…"));
    m_add->setEnabled(false);
    m_dontAsk->setVisible(false);
    show();
}

void SampleLocksBanner::showSeeded(const QStringList& locks)
{
    m_text->setText(
        tr("Added %n sample lock(s). Some expire within a minute; LockScope's fair lock has two "
           "waiters; report:nightly is stuck behind a dead waiter. Select one to see its details, "
           "or try Force-Release (Delete).",
            nullptr, int(locks.size())));
    m_text->setToolTip(locks.join(QLatin1Char('\n')));
    m_add->setVisible(false);
    m_dontAsk->setVisible(false);
    m_close->setText(tr("Close"));
    show();
}

void SampleLocksBanner::showFailed(const QString& error)
{
    m_text->setText(tr("Could not add the sample locks: %1").arg(error));
    m_add->setVisible(true);
    m_add->setEnabled(true);
    m_add->setText(tr("Try Again"));
    m_close->setText(tr("Close"));
    show();
}

} // namespace lockscope::ui
