#pragma once

#include "monitor/admin/LockAdminAction.h"

#include <QCoreApplication>

namespace lockscope::ui {

// The words for admin actions and their outcomes, shared by the dialog, the event log and
// the result message.
class LockAdminTexts
{
    Q_DECLARE_TR_FUNCTIONS(LockAdminTexts)

public:
    static QString actionName(LockAdminRequest::Action action);
    static QString outcomeName(LockAdminReport::Outcome outcome);
};

} // namespace lockscope::ui
