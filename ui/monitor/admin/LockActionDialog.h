#pragma once

#include "monitor/admin/LockAdminAction.h"

#include <QDialog>

class QDialogButtonBox;
class QLineEdit;
class QSpinBox;

namespace lockscope::ui {

// Asks before an admin action: shows the lock, its holder(s) and what exactly will happen, and
// takes a reason for the audit (e.g. an incident number). On a connection marked production the
// user must type the lock's name, and give a reason, before the action button is enabled.
class LockActionDialog : public QDialog
{
    Q_OBJECT

public:
    LockActionDialog(
        LockAdminRequest::Action action, const LockRecord& lock, bool production, QWidget* parent = nullptr);

    LockAdminRequest request() const;
    // What the action will do to this lock, in words.
    static QString consequence(LockAdminRequest::Action action, const LockRecord& lock, qint64 ttlMs);

private:
    void updateAcceptable();

    LockAdminRequest::Action m_action;
    LockRecord m_lock;
    QLineEdit* m_confirmName = nullptr;
    QLineEdit* m_reason;
    bool m_production;
    QSpinBox* m_ttlSeconds = nullptr;
    QDialogButtonBox* m_buttons;
};

} // namespace lockscope::ui
