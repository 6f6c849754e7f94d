#pragma once

#include "history/HistoryRecords.h"

#include <QCoreApplication>
#include <QString>

namespace lockscope::ui {

// An admin action from the history's audit (core's AuditRecord) in words people read: the
// timeline's tooltips and the history window's list of actions say it alike.
class AuditText
{
    Q_DECLARE_TR_FUNCTIONS(AuditText)

public:
    // release, extend, remove-stale-waiters, release-permit as the GUI names the action.
    static QString action(const std::string& action);
    // "alice@desk-1".
    static QString who(const AuditRecord& entry);
    // Raw bytes (a lock name, a reason) as text.
    static QString bytes(const std::string& bytes);
    // "Why: INC-4312 ...", or that none was given.
    static QString why(const AuditRecord& entry);
    // Several lines: the action, who, when, the lock and server, why and what came of it.
    static QString describe(const AuditRecord& entry);
};

} // namespace lockscope::ui
