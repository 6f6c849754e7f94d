#include "fleet/LocksWhileAway.h"

namespace lockscope {

std::vector<LockEvent> LocksWhileAway::restart(
    const std::vector<SharedLockSnapshot>& locks, long long lostAtMs, long long nowMs)
{
    std::map<std::pair<std::string, std::string>, SharedLockSnapshot> now;
    for (const auto& lock : locks)
        now.emplace(std::make_pair(lock->node, lock->name), lock);
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
    if (m_started) {
        for (const auto& [id, lock] : now) {
            auto before = m_known.find(id);
            if (before == m_known.end()) {
                event(LockEvent::Type::Appeared, lock, LockChange::everything());
                continue;
            }
            const auto changes = LockChange::between(before->second, lock);
            if (changes.isMoreThanCountdown())
                event(LockEvent::Type::Changed, lock, changes);
        }
        // Gone while away: how it ended (released or expired) was not seen.
        for (const auto& [id, lock] : m_known) {
            if (!now.contains(id))
                event(LockEvent::Type::Released, lock, LockChange::everything());
        }
    }
    m_known = std::move(now);
    m_started = true;
    return events;
}

void LocksWhileAway::apply(const LockEvent& event)
{
    const auto id = std::make_pair(event.lock->node, event.lock->name);
    if (event.ends())
        m_known.erase(id);
    else
        m_known[id] = event.lock;
}

} // namespace lockscope
