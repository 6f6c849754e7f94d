#pragma once

#include "monitor/LockRecord.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace lockscope::ui {

// An admin action the user confirmed, sent to the admin worker.
struct LockAdminRequest
{
    enum class Action
    {
        ForceRelease,
        ExtendTtl,
        RemoveStaleWaiters,
    };
    Action action = Action::ForceRelease;
    LockRecord lock; // what the user saw: the action is conditional on it
    qint64 ttlMs = 0; // ExtendTtl: the new lease
    QString reason; // why, as the user typed it (the audit keeps it; empty: none given)
};

// What came of it.
struct LockAdminReport
{
    enum class Outcome
    {
        Done,
        HolderChanged,
        NothingThere,
        Failed, // a Redis error, or refused (read-only)
    };
    LockAdminRequest::Action action = LockAdminRequest::Action::ForceRelease;
    Outcome outcome = Outcome::Failed;
    LockRecord lock; // the lock acted on, as the user saw it (its name, node and key)
    QString message; // one line for people
    QString auditError; // non-empty when the audit log could not be written
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::LockAdminRequest)
Q_DECLARE_METATYPE(lockscope::ui::LockAdminReport)
