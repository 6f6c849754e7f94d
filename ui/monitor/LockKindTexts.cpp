#include "monitor/LockKindTexts.h"

namespace lockscope::ui {

QString LockKindTexts::name(LockKind kind)
{
    switch (kind) {
    case LockKind::Reentrant:
        return tr("Reentrant");
    case LockKind::Fair:
        return tr("Fair");
    case LockKind::ReadWrite:
        return tr("Read/write");
    case LockKind::Token:
        return tr("Token");
    case LockKind::Legacy:
        return tr("Legacy timestamp");
    case LockKind::Semaphore:
        return tr("Semaphore");
    }
    return tr("Unknown");
}

QString LockKindTexts::explanation(LockKind kind)
{
    switch (kind) {
    case LockKind::Reentrant:
        return tr("A reentrant lock (Redisson RLock style): a hash whose field names the holder "
                  "(client UUID and thread) and counts how often it entered. Waiters subscribe to an "
                  "unlock channel; the holder's watchdog renews the lease.");
    case LockKind::Fair:
        return tr("A fair lock: like a reentrant lock, plus a queue that hands the lock to waiters in "
                  "arrival order. Each queued waiter has a deadline; a dead one at the head blocks "
                  "everyone behind it.");
    case LockKind::ReadWrite:
        return tr("A read/write lock: any number of readers, or one writer. The hash's mode field "
                  "says which.");
    case LockKind::Token:
        return tr("A token lock (SET key token NX PX): one string holding the holder's random "
                  "token, released only by whoever knows the token (redis-py, Redlock, LockScope).");
    case LockKind::Legacy:
        return tr("The old SETNX pattern: the value is an expiry timestamp; a lock past it is taken "
                  "over by whoever notices. Clocks must agree for it to be safe.");
    case LockKind::Semaphore:
        return tr("A semaphore: up to N holders at once, each holding a permit.");
    }
    return {};
}

const QList<LockKind>& LockKindTexts::allKinds()
{
    static const QList<LockKind> kinds {LockKind::Reentrant, LockKind::Fair, LockKind::ReadWrite,
        LockKind::Token, LockKind::Legacy, LockKind::Semaphore};
    return kinds;
}

} // namespace lockscope::ui
