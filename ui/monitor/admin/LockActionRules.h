#pragma once

#include "connection/ConnectionStatus.h"

#include <QCoreApplication>
#include <QString>

namespace lockscope::ui {

struct LockRecord;

// When the admin actions apply to the selected lock: for each, why it cannot now (empty when it
// can), and what it does, for its tooltip. A rule of the monitor, kept apart from its widgets.
class LockActionRules
{
    Q_DECLARE_TR_FUNCTIONS(LockActionRules)

public:
    struct Refusals
    {
        QString forceRelease;
        QString extend;
        QString removeWaiters;
    };
    // `lock` is the selected lock, or null; `monitorOpen` whether the monitor has a server.
    static Refusals judge(const LockRecord* lock, const ConnectionStatus& connection, bool monitorOpen);

    static QString forceReleaseDoes();
    static QString extendDoes();
    static QString removeWaitersDoes();
};

} // namespace lockscope::ui
