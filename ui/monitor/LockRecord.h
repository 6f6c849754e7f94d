#pragma once

#include "inspect/LockId.h"
#include "inspect/SharedLockSnapshot.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace lockscope::ui {

// One holder of a lock, as displayable text (raw bytes escaped).
struct HolderRecord
{
    QString owner;
    QString clientUuid; // Redisson: the client UUID half of `<uuid>:<threadId>`
    QString threadId; // Redisson: the thread half
    qint64 count = 1;
    HolderMode mode = HolderMode::Exclusive; // in words: CoreTexts::holderMode
    qint64 expiresAtMs = -1; // epoch ms; -1: not stored per holder
    // Who it is, where known (core/identity): "orders-service · 10.0.0.5"; empty: not known.
    QString identity;
};

struct WaiterRecord
{
    QString owner;
    qint64 deadlineMs = -1; // epoch ms; -1: no deadline known
    WaiterSource source = WaiterSource::FairQueue; // in words: CoreTexts::waiterSource
};

// One lock as the GUI shows it: the core's snapshot, shared with the watcher that read it (not
// copied), plus what the GUI adds: its server, when it was read, and the largest lease seen. Its
// texts (escaped, translated) are made from the snapshot when asked for, its id too, so that a
// row costs a few dozen bytes beyond the snapshot the watcher keeps anyway: a copy of each
// snapshot with its texts in UTF-16 would cost several times the snapshot, 100,000 times over.
// Admin actions send back
// exactly the snapshot the user saw (ForceRelease compares it with Redis).
class LockRecord
{
public:
    enum class State
    {
        Held,
        Expiring, // the lease runs out within expiringWithinMs
        Stuck,
        Free, // a semaphore or queue with no holder
    };
    static constexpr qint64 expiringWithinMs = 5000;

    // Nothing known (no snapshot): isKnown() is false.
    LockRecord() = default;
    // `server`: which open server of the fleet read it (FleetServerNames names it).
    static LockRecord fromSnapshot(SharedLockSnapshot snapshot, qint64 readAtMs, quint16 server = 0);

    // Whether this came from a snapshot (a default record knows nothing).
    bool isKnown() const { return !m_snapshot.isEmpty(); }
    const LockSnapshot& snapshot() const { return *m_snapshot; }

    // Which lock this is: its server, node and name, as views of the snapshot. Hashed once, when
    // the record was made (off the GUI thread); made of the kept hash when asked for.
    LockIdView id() const;
    // The open server this lock was read from: an index, so that a row does not hold a copy of
    // the server's name (the table keeps each name once).
    quint16 server() const { return quint16(m_server); }
    // Whether `other` is a state of the same lock (same server, node and name).
    bool isSameLockAs(const LockRecord& other) const { return id() == other.id(); }
    qint64 readAtMs() const { return m_readAtMs; } // client epoch ms when ttlMs() was read
    // The largest TTL seen for this lock: 100% of the TTL bar.
    qint64 leaseMs() const { return m_leaseMs; }
    // This lock's next state keeps the largest lease seen so far (a renewal refills the bar).
    void keepLargestLease(qint64 seenLeaseMs) { m_leaseMs = std::max(m_leaseMs, seenLeaseMs); }

    QString name() const; // escaped for display
    LockKind kind() const { return m_snapshot->kind; }
    QString library() const; // in the GUI's language ("unknown" translated)
    QString reason() const; // in the GUI's language, like stuckReason() and notes()
    double confidence() const { return m_snapshot->confidence; }
    bool possible() const { return m_snapshot->possible; } // a lock by its value alone: shown muted
    QString releaseWarning() const; // what a forced release does beyond the lock; empty: nothing
    QString node() const;
    QStringList keys() const; // escaped Redis key names
    qint64 ttlMs() const; // as read; -1: no TTL
    QList<HolderRecord> holders() const;
    bool hasHolders() const { return !m_snapshot->holders.empty(); }
    QList<WaiterRecord> waiters() const;
    qint64 waiterCount() const;
    qint64 fence() const; // -1: none
    qint64 permitsAvailable() const; // -1: not stored
    bool stuck() const { return m_snapshot->stuck; }
    QString stuckReason() const;
    QStringList notes() const;

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

private:
    SharedLockSnapshot m_snapshot;
    // The id's hash and the server share one word, as in LockId: a row costs no more with a fleet
    // than with one server.
    static constexpr int idHashBits = LockId::hashBits;
    quint64 m_idHash : idHashBits = 0;
    quint64 m_server : 64 - idHashBits = 0;
    qint64 m_readAtMs = 0;
    qint64 m_leaseMs = -1;
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::LockRecord)
