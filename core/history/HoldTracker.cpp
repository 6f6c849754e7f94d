#include "history/HoldTracker.h"

#include <algorithm>
#include <set>
#include <utility>

namespace lockscope {

HoldRecord HoldTracker::started(const LockSnapshot& lock, const LockHolder& holder, long long atMs)
{
    HoldRecord hold;
    hold.lock = lock.name;
    hold.apiName = lock.apiName.get();
    hold.node = lock.node;
    hold.kind = std::string(lockKindName(lock.kind));
    hold.library = std::string(lockLibraryName(lock.library));
    hold.holder = holder.owner;
    hold.mode = holder.mode;
    hold.startedMs = atMs;
    hold.fence = lock.fence;
    hold.maxReentries = holder.count;
    hold.maxWaiters = lock.waiterCount;
    return hold;
}

std::vector<HoldTracker::Change> HoldTracker::reconcile(
    const LockSnapshot& lock, long long atMs, HoldEnding goneAs, long long goneAtMs)
{
    std::vector<Change> changes;
    auto& open = m_open[LockId(0, lock.node, lock.name)];
    std::map<std::string, const LockHolder*> present;
    for (const auto& holder : lock.holders)
        present.emplace(holder.owner, &holder);
    for (auto it = open.begin(); it != open.end();) {
        if (present.count(it->first)) {
            ++it;
            continue;
        }
        HoldRecord ended = std::move(it->second.record);
        ended.endedMs = std::max(goneAtMs, ended.startedMs);
        ended.ending = goneAs;
        // A holder that left a lock that is still there either let go or had its own expiry
        // pass (semaphore permits and Redisson read holds carry one each).
        if (goneAs == HoldEnding::Released && it->second.expiresAtMs && *it->second.expiresAtMs <= atMs)
            ended.ending = HoldEnding::Expired;
        changes.push_back({false, std::move(ended)});
        it = open.erase(it);
    }
    for (const auto& [owner, holder] : present) {
        auto it = open.find(owner);
        if (it == open.end()) {
            HoldRecord hold = started(lock, *holder, atMs);
            changes.push_back({true, hold});
            it = open.emplace(owner, OpenHold {std::move(hold), std::nullopt}).first;
        } else {
            HoldRecord& hold = it->second.record;
            hold.maxReentries = std::max(hold.maxReentries, holder->count);
            hold.maxWaiters = std::max(hold.maxWaiters, lock.waiterCount);
            if (!hold.fence)
                hold.fence = lock.fence;
        }
        it->second.expiresAtMs = holder->expiresAtMs;
    }
    if (open.empty())
        m_open.erase(LockId(0, lock.node, lock.name));
    return changes;
}

std::vector<HoldTracker::Change> HoldTracker::apply(const LockEvent& event)
{
    if (event.missedSinceMs) {
        // Found by re-listing after a gap: the holders gone left at an unknown time since then.
        LockSnapshot now = event.lock;
        if (event.ends())
            now.holders.clear();
        return reconcile(now, event.atMs, HoldEnding::Lost, *event.missedSinceMs);
    }
    if (event.ends()) {
        LockSnapshot gone = event.lock;
        gone.holders.clear();
        const HoldEnding ending = event.type == LockEvent::Type::Expired ? HoldEnding::Expired
            : event.type == LockEvent::Type::ForceReleased               ? HoldEnding::ForceReleased
                                                                         : HoldEnding::Released;
        return reconcile(gone, event.atMs, ending, event.atMs);
    }
    return reconcile(event.lock, event.atMs, HoldEnding::Released, event.atMs);
}

std::vector<HoldTracker::Change> HoldTracker::forceReleased(
    const std::string& node, const std::string& lock, long long atMs)
{
    LockSnapshot gone;
    gone.node = node;
    gone.name = lock;
    return reconcile(gone, atMs, HoldEnding::ForceReleased, atMs);
}

std::vector<HoldTracker::Change> HoldTracker::resume(
    const std::vector<SharedLockSnapshot>& locks, long long atMs, long long gapStartMs)
{
    std::vector<Change> changes;
    std::set<LockId> seen;
    for (const auto& lock : locks) {
        seen.emplace(0, lock->node, lock->name);
        auto lockChanges = reconcile(*lock, atMs, HoldEnding::Lost, gapStartMs);
        changes.insert(changes.end(), lockChanges.begin(), lockChanges.end());
    }
    std::vector<LockId> vanished;
    for (const auto& [key, holds] : m_open) {
        if (!seen.count(key))
            vanished.push_back(key);
    }
    for (const LockId& id : vanished) {
        LockSnapshot gone;
        gone.node = id.node();
        gone.name = id.name();
        auto lockChanges = reconcile(gone, atMs, HoldEnding::Lost, gapStartMs);
        changes.insert(changes.end(), lockChanges.begin(), lockChanges.end());
    }
    return changes;
}

void HoldTracker::restore(const HoldRecord& hold)
{
    m_open[LockId(0, hold.node, hold.lock)][hold.holder] = OpenHold {hold, std::nullopt};
}

std::vector<HoldRecord> HoldTracker::openHolds() const
{
    std::vector<HoldRecord> holds;
    for (const auto& [key, byHolder] : m_open) {
        for (const auto& [owner, hold] : byHolder)
            holds.push_back(hold.record);
    }
    return holds;
}

} // namespace lockscope
