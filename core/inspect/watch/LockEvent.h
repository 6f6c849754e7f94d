#pragma once

#include "inspect/SharedLockSnapshot.h"
#include "inspect/watch/LockChange.h"

#include <optional>
#include <string_view>

namespace lockscope {

// One change the watcher saw. For released, expired and force-released, `lock` is the last
// snapshot before it went. The snapshot is shared, not copied, with the watcher and whoever
// keeps the event.
struct LockEvent
{
    enum class Type
    {
        Appeared,
        Changed,
        Released,
        Expired,
        // Released by a LockScope administrator (ForceRelease announces it): the lock's end, or,
        // when the announcement came after the watcher had already reported the release, a
        // second event that says who ended it.
        ForceReleased,
    };
    // How late a force-release announcement may come after the release was reported and still
    // name it: the watcher keeps released locks that long, the history re-marks holds that old.
    static constexpr long long announcementLateByMs = 10000;

    Type type = Type::Changed;
    SharedLockSnapshot lock;
    long long atMs = 0; // client epoch ms when the watcher noticed
    // Changed: what differs from the lock's previous event (or the listing); appeared, released
    // and expired: everything.
    LockChange changes = LockChange::everything();
    // Set when the watcher did not hear this change but found it by re-listing after its
    // subscription broke: it happened at some time between this and atMs, so a holder that is
    // gone is lost to sight, not known to have released.
    std::optional<long long> missedSinceMs;

    // Whether the lock is gone after this event.
    bool ends() const
    {
        return type == Type::Released || type == Type::Expired || type == Type::ForceReleased;
    }

    static std::string_view typeName(Type type);
};

} // namespace lockscope
