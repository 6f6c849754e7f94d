#pragma once

#include "inspect/watch/LockChange.h"
#include "monitor/LockRecord.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace lockscope::ui {

// One thing that happened to a lock, for the event log and the lock's history. It keeps the
// lock's record, not texts: the log's 50,000 events would otherwise each hold UTF-16 copies of
// the lock's name, holders and details. The record shares the snapshot the table row holds
// (the same one, for the lock's latest event), and the texts are made when shown.
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
    // A change nobody needs to read about (only waiter deadlines refreshed): it updates the
    // table but stays out of the log and the history.
    bool quiet = false;
    bool forceReleased = false; // Released, by a LockScope administrator (announced)
    qint64 atMs = 0; // epoch ms
    // Not heard as it happened but found by re-listing after the subscription broke: it
    // happened between this (epoch ms) and atMs. -1: heard.
    qint64 missedSinceMs = -1;
    // The lock after the event (before it, when it went), or the one an admin action was on.
    LockRecord lock;
    // What an admin action or a re-listing said; empty: the details are worded from the lock.
    QString said;

    LockIdView lockId() const { return lock.id(); }
    QString lockName() const { return lock.name(); } // escaped
    QString node() const { return lock.node(); }
    // Holders and TTL, or what happened to the lock, in words (LockEventTexts).
    QString details() const;
};

// What the monitor saw since the last batch, in order. `reset` carries a full listing (the
// first one, or after a reconnect): the table is replaced by `locks`. Otherwise `events` carry
// the changes; each event's record is the lock's state after it (or before, when it went).
struct LockUpdateBatch
{
    // The open server the batch comes from (every server has its own monitor and queue): a
    // reset replaces that server's rows only, the other servers' stay.
    quint16 server = 0;
    bool reset = false;
    QList<LockRecord> locks; // reset only
    struct Change
    {
        LockEventRecord event; // with the lock's state after it (before it, when it went)
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
