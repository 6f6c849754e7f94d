#pragma once

#include "inspect/LockChange.h"
#include "monitor/LockRecord.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace lockscope::ui {

// One thing that happened to a lock, for the event log and the lock's history.
struct LockEventRecord
{
    enum class Type
    {
        Appeared,
        Changed,
        Released,
        Expired,
        Admin, // an admin action and its result
    };
    Type type = Type::Changed;
    qint64 atMs = 0; // epoch ms
    QString lockKey; // LockRecord::key
    QString lockName; // escaped
    QString node;
    QString details; // holders/TTL, or the admin action's result, in words
    // A change nobody needs to read about (only waiter deadlines refreshed): it updates the
    // table but stays out of the log and the history.
    bool quiet = false;
};

// What the monitor saw since the last batch, in order. `reset` carries a full listing (the
// first one, or after a reconnect): the table is replaced by `locks`. Otherwise `events` carry
// the changes; each event's record is the lock's state after it (or before, when it went).
struct LockUpdateBatch
{
    bool reset = false;
    QList<LockRecord> locks; // reset only
    struct Change
    {
        LockEventRecord event;
        LockRecord lock;
        // What differs from the lock's previous state, as the core decided it (Changed only;
        // a lock that appeared or went changed everything).
        LockChange changes = LockChange::everything();
    };
    QList<Change> changes;

    bool isEmpty() const { return !reset && changes.isEmpty(); }
    // Appends `later` after this batch; a later reset drops everything before it.
    void append(LockUpdateBatch later);
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::LockEventRecord)
Q_DECLARE_METATYPE(lockscope::ui::LockUpdateBatch)
