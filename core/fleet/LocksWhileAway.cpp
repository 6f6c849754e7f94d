#include "fleet/LocksWhileAway.h"

#include "inspect/LockId.h"

#include <unordered_map>

namespace lockscope {

std::vector<LockEvent> LocksWhileAway::between(const std::vector<SharedLockSnapshot>& before,
    const std::vector<SharedLockSnapshot>& now, long long lostAtMs, long long nowMs)
{
    // Views into the snapshots both lists keep: nothing of a lock is copied to compare it.
    std::unordered_map<LockIdView, const SharedLockSnapshot*, LockIdHash> known;
    known.reserve(before.size());
    for (const auto& lock : before)
        known.emplace(LockIdView(0, lock->node, lock->name), &lock);
    std::vector<LockEvent> events;
    auto event = [&](LockEvent::Type type, const SharedLockSnapshot& lock, LockChange changes) {
        LockEvent made;
        made.type = type;
        made.lock = lock;
        made.atMs = nowMs;
        made.changes = changes;
        made.missedSinceMs = lostAtMs;
        events.push_back(std::move(made));
    };
    for (const auto& lock : now) {
        auto was = known.find(LockIdView(0, lock->node, lock->name));
        if (was == known.end()) {
            event(LockEvent::Type::Appeared, lock, LockChange::everything());
            continue;
        }
        const auto changes = LockChange::between(**was->second, *lock);
        if (changes.isMoreThanCountdown())
            event(LockEvent::Type::Changed, lock, changes);
        known.erase(was);
    }
    for (const auto& lock : before) {
        if (known.contains(LockIdView(0, lock->node, lock->name)))
            event(LockEvent::Type::Released, lock, LockChange::everything());
    }
    return events;
}

} // namespace lockscope
