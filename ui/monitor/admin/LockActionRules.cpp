#include "monitor/admin/LockActionRules.h"

#include "monitor/LockRecord.h"

namespace lockscope::ui {

LockActionRules::Refusals LockActionRules::judge(
    const LockRecord* lock, const ConnectionStatus& connection, bool monitorOpen)
{
    QString common;
    if (connection.readOnly)
        common = tr("The connection is read-only: admin actions are off (reconnect without the read-only "
                    "flag to change locks).");
    else if (connection.state != ConnectionStatus::State::Connected || !monitorOpen)
        common = tr("Not connected to a server.");
    else if (!lock)
        common = tr("Select a lock first.");

    Refusals refusals {common, common, common};
    if (!common.isEmpty())
        return refusals;
    if (!lock->hasHolders())
        refusals.forceRelease = lock->kind() == LockKind::Semaphore
            ? tr("Nobody holds a permit of this semaphore.")
            : tr("Nobody holds this lock.");

    if (lock->kind() == LockKind::Semaphore)
        refusals.extend = tr("A semaphore's permits have their own leases.");
    else if (!lock->hasHolders())
        refusals.extend = tr("Nobody holds this lock.");

    if (!(lock->kind() == LockKind::Fair || !lock->snapshot().waiters.empty()
            || !lock->snapshot().notes.empty()))
        refusals.removeWaiters = tr("This lock has no waiter list that could hold stale entries.");
    return refusals;
}

QString LockActionRules::forceReleaseDoes()
{
    return tr("Delete this lock in Redis if it is still held as shown, waking a waiter (asks first)");
}

QString LockActionRules::extendDoes()
{
    return tr("Set a new lease on this lock if it is still held as shown (asks first)");
}

QString LockActionRules::removeWaitersDoes()
{
    return tr("Remove waiters whose deadline passed (dead fair-queue heads, stale registrations)");
}

} // namespace lockscope::ui
