#pragma once

#include "inspect/LockSnapshot.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <memory>

namespace lockscope::ui {

// One holder of a lock, as displayable text (raw bytes escaped).
struct HolderRecord
{
    QString owner;
    QString clientUuid; // Redisson: the client UUID half of `<uuid>:<threadId>`
    QString threadId; // Redisson: the thread half
    qint64 count = 1;
    QString mode; // the core's word (exclusive, read, write, permit): CoreTexts::holderMode
    qint64 expiresAtMs = -1; // epoch ms; -1: not stored per holder
};

struct WaiterRecord
{
    QString owner;
    qint64 deadlineMs = -1; // epoch ms; -1: no deadline known
    QString source; // the core's word (fair-queue...): CoreTexts::waiterSource
};

// One lock as the GUI shows it: plain Qt values converted from a core LockSnapshot on the
// monitor thread (escaping and all), so that the GUI thread only copies and paints. The core
// snapshot rides along, read-only, because admin actions must send back exactly what the user
// saw (ForceRelease compares it with Redis).
struct LockRecord
{
    QString key; // LockKey of the node and the escaped name: unique across masters
    QString name; // escaped for display
    LockKind kind = LockKind::Token;
    QString library; // in the GUI's language ("unknown" translated)
    QString reason; // in the GUI's language, like stuckReason and notes
    double confidence = 0.0;
    bool possible = false; // a lock by its value alone (LockSnapshot::possible): shown muted
    QString releaseWarning; // what a forced release does beyond the lock; empty: nothing
    QString node;
    QStringList keys; // escaped Redis key names
    qint64 ttlMs = -1; // as read; -1: no TTL
    qint64 leaseMs = -1; // the largest TTL seen for this lock: 100% of the TTL bar
    qint64 readAtMs = 0; // client epoch ms when ttlMs was read
    QList<HolderRecord> holders;
    QList<WaiterRecord> waiters;
    qint64 waiterCount = 0;
    qint64 fence = -1; // -1: none
    qint64 permitsAvailable = -1; // -1: not stored
    bool stuck = false;
    QString stuckReason;
    QStringList notes;
    std::shared_ptr<const LockSnapshot> snapshot;

    enum class State
    {
        Held,
        Expiring, // the lease runs out within expiringWithinMs
        Stuck,
        Free, // a semaphore or queue with no holder
    };
    static constexpr qint64 expiringWithinMs = 5000;

    static LockRecord fromSnapshot(const LockSnapshot& snapshot, qint64 readAtMs);
    static QString keyFor(const std::string& node, const std::string& name);

    // The TTL left at `nowMs`, counted down locally from when it was read (never below 0);
    // -1 when the lock has no TTL.
    qint64 remainingTtlMs(qint64 nowMs) const;
    State state(qint64 nowMs) const;
    // The moment state() turns from Held to Expiring: it is Expiring at every nowMs at or after
    // it, Held before (the minimum: from the start; the maximum: never, or not Held at all).
    qint64 expiringAtMs() const;
    // The largest reentrancy count among the holders (1 for a plain hold, 0 without holders).
    qint64 reentrancy() const;
    QString holdersText() const;
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::LockRecord)
