#include "monitor/admin/LockActionDialog.h"

#include "base/CoreTexts.h"
#include "monitor/LockKindTexts.h"
#include "monitor/admin/LockAdminTexts.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

bool isRedissonHash(LockKind kind)
{
    return kind == LockKind::Reentrant || kind == LockKind::Fair || kind == LockKind::ReadWrite;
}

} // namespace

LockActionDialog::LockActionDialog(
    LockAdminRequest::Action action, const LockRecord& lock, bool production, QWidget* parent)
    : QDialog(parent)
    , m_action(action)
    , m_lock(lock)
    , m_reason(new QLineEdit(this))
    , m_production(production)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("lockActionDialog"));
    setWindowTitle(tr("%1 — %2").arg(LockAdminTexts::actionName(action), lock.name()));
    auto* layout = new QVBoxLayout(this);

    auto* form = new QFormLayout;
    auto* name = new QLabel(lock.name(), this);
    name->setTextFormat(Qt::PlainText);
    name->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Lock:"), name);
    form->addRow(
        tr("Kind:"), new QLabel(tr("%1 · %2").arg(LockKindTexts::name(lock.kind()), lock.library()), this));
    form->addRow(tr("Node:"), new QLabel(lock.node(), this));
    QStringList holders;
    for (const auto& holder : lock.holders())
        holders.append(holder.clientUuid.isEmpty() ? tr("%1 (×%2, %3)")
                                                         .arg(holder.owner)
                                                         .arg(holder.count)
                                                         .arg(CoreTexts::holderMode(holder.mode))
                                                   : tr("client %1, thread %2 (×%3, %4)")
                                                         .arg(holder.clientUuid, holder.threadId)
                                                         .arg(holder.count)
                                                         .arg(CoreTexts::holderMode(holder.mode)));
    auto* holderLabel = new QLabel(holders.isEmpty() ? tr("nobody") : holders.join(QLatin1Char('\n')), this);
    holderLabel->setObjectName(QStringLiteral("holderLabel"));
    holderLabel->setTextFormat(Qt::PlainText);
    form->addRow(tr("Held by:"), holderLabel);
    if (action == LockAdminRequest::Action::ExtendTtl) {
        m_ttlSeconds = new QSpinBox(this);
        m_ttlSeconds->setObjectName(QStringLiteral("ttlSeconds"));
        m_ttlSeconds->setRange(1, 7 * 24 * 3600);
        m_ttlSeconds->setSuffix(tr(" s"));
        m_ttlSeconds->setValue(lock.leaseMs() > 0 ? int(std::max<qint64>(1, lock.leaseMs() / 1000)) : 30);
        form->addRow(tr("New TTL:"), m_ttlSeconds);
    }
    layout->addLayout(form);

    auto* consequenceLabel = new QLabel(this);
    consequenceLabel->setObjectName(QStringLiteral("consequenceLabel"));
    consequenceLabel->setWordWrap(true);
    consequenceLabel->setTextFormat(Qt::PlainText);
    auto updateConsequence = [this, consequenceLabel] {
        consequenceLabel->setText(consequence(m_action, m_lock, request().ttlMs));
    };
    updateConsequence();
    if (m_ttlSeconds)
        connect(m_ttlSeconds, &QSpinBox::valueChanged, this, updateConsequence);
    layout->addWidget(consequenceLabel);
    if (action == LockAdminRequest::Action::ForceRelease && !lock.releaseWarning().isEmpty()) {
        // Said by the lock's own format (a BullMQ job runs again...): before the button, in red.
        auto* careful = new QLabel(tr("Careful: %1").arg(lock.releaseWarning()), this);
        careful->setObjectName(QStringLiteral("releaseWarningLabel"));
        careful->setWordWrap(true);
        careful->setTextFormat(Qt::PlainText);
        careful->setStyleSheet(QStringLiteral("color: #c03030; font-weight: bold;"));
        layout->addWidget(careful);
    }

    // Why, for the audit: kept with the action in the local log and the team's history.
    m_reason->setObjectName(QStringLiteral("reasonEdit"));
    m_reason->setPlaceholderText(production ? tr("Required on production, e.g. INC-4312: stuck after deploy")
                                            : tr("Optional, e.g. INC-4312: stuck after deploy"));
    connect(m_reason, &QLineEdit::textChanged, this, &LockActionDialog::updateAcceptable);
    auto* reasonForm = new QFormLayout;
    reasonForm->addRow(tr("Reason:"), m_reason);
    layout->addLayout(reasonForm);

    if (production) {
        auto* warning = new QLabel(tr("This connection is marked <b>production</b>. Type the lock's name to "
                                      "confirm:"),
            this);
        warning->setWordWrap(true);
        layout->addWidget(warning);
        m_confirmName = new QLineEdit(this);
        m_confirmName->setObjectName(QStringLiteral("confirmNameEdit"));
        m_confirmName->setPlaceholderText(lock.name());
        connect(m_confirmName, &QLineEdit::textChanged, this, &LockActionDialog::updateAcceptable);
        layout->addWidget(m_confirmName);
    }

    QPushButton* go = m_buttons->addButton(LockAdminTexts::actionName(action), QDialogButtonBox::AcceptRole);
    go->setObjectName(QStringLiteral("confirmButton"));
    m_buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);
    updateAcceptable();
}

void LockActionDialog::updateAcceptable()
{
    const bool ok = (!m_confirmName || m_confirmName->text() == m_lock.name())
        && (!m_production || !m_reason->text().trimmed().isEmpty());
    if (auto* go = m_buttons->findChild<QPushButton*>(QStringLiteral("confirmButton")))
        go->setEnabled(ok);
}

LockAdminRequest LockActionDialog::request() const
{
    LockAdminRequest request;
    request.action = m_action;
    request.lock = m_lock;
    request.ttlMs = m_ttlSeconds ? qint64(m_ttlSeconds->value()) * 1000 : 0;
    request.reason = m_reason->text().trimmed();
    return request;
}

QString LockActionDialog::consequence(LockAdminRequest::Action action, const LockRecord& lock, qint64 ttlMs)
{
    switch (action) {
    case LockAdminRequest::Action::ForceRelease:
        if (isRedissonHash(lock.kind()))
            return tr(
                "If Redis still holds exactly these holders and counts, the lock's hash is deleted and an "
                "unlock message is published so that a waiter wakes up and takes it. If anyone else "
                "holds it by then, nothing is touched. The holder is not told: it may go on believing "
                "it holds the lock.");
        return tr("If the key still holds the value shown, it is deleted; otherwise nothing is touched. The "
                  "holder is not told: it may go on believing it holds the lock.");
    case LockAdminRequest::Action::ExtendTtl:
        return tr("If Redis still holds exactly these holders, the lease is set to %1 from now; otherwise "
                  "nothing is touched.")
            .arg(tr("%n second(s)", nullptr, int(ttlMs / 1000)));
    case LockAdminRequest::Action::RemoveStaleWaiters:
        return tr("Waiters whose deadline passed by the server's clock are removed (dead fair-queue heads, "
                  "stale LockScope registrations). Live waiters keep their place.");
    }
    return {};
}

} // namespace lockscope::ui
