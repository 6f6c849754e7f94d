#pragma once

#include "history/AlertEvaluator.h"

#include <QCoreApplication>
#include <QString>

namespace lockscope::ui {

// An alert (core's LockAlert, data only) in words people read: the tray notification and the
// status bar.
class LockAlertText
{
    Q_DECLARE_TR_FUNCTIONS(LockAlertText)

public:
    static QString describe(const LockAlert& alert);
};

} // namespace lockscope::ui
