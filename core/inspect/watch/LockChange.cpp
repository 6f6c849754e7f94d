#include "inspect/watch/LockChange.h"

#include <algorithm>
#include <tuple>

namespace lockscope {

namespace {

bool sameHolders(const std::vector<LockHolder>& before, const std::vector<LockHolder>& after)
{
    return std::ranges::equal(before, after, [](const LockHolder& a, const LockHolder& b) {
        return std::tie(a.owner, a.count, a.mode) == std::tie(b.owner, b.count, b.mode);
    });
}

bool sameHolderExpiries(const std::vector<LockHolder>& before, const std::vector<LockHolder>& after)
{
    return std::ranges::equal(before, after,
        [](const LockHolder& a, const LockHolder& b) { return a.expiresAtMs == b.expiresAtMs; });
}

// Waiters that re-queue on every attempt swap places: who waits matters here, not the order.
std::vector<std::pair<std::string, WaiterSource>> whoWaits(const std::vector<LockWaiter>& waiters)
{
    std::vector<std::pair<std::string, WaiterSource>> who;
    who.reserve(waiters.size());
    for (const auto& waiter : waiters)
        who.emplace_back(waiter.owner, waiter.source);
    std::ranges::sort(who);
    return who;
}

bool sameQueue(const std::vector<LockWaiter>& before, const std::vector<LockWaiter>& after)
{
    return std::ranges::equal(before, after, [](const LockWaiter& a, const LockWaiter& b) {
        return a.owner == b.owner && a.deadlineMs == b.deadlineMs;
    });
}

bool sameStuck(const LockSnapshot& before, const LockSnapshot& after)
{
    return before.stuck == after.stuck && (!before.stuck || before.stuckReason == after.stuckReason);
}

} // namespace

LockChange LockChange::between(const LockSnapshot& before, const LockSnapshot& after)
{
    LockChange change;
    auto note = [&change](bool differs, Field field) {
        if (differs)
            change |= field;
    };
    note(before.kind != after.kind || before.library != after.library, Kind);
    note(before.keys != after.keys, Keys);
    note(!sameHolders(before.holders, after.holders), Holders);
    note(!sameHolderExpiries(before.holders, after.holders), HolderExpiries);
    note(whoWaits(before.waiters) != whoWaits(after.waiters), Waiters);
    note(!sameQueue(before.waiters, after.waiters), WaiterQueue);
    note(before.waiterCount != after.waiterCount, WaiterCount);
    note(before.fence != after.fence, Fence);
    note(before.permitsAvailable != after.permitsAvailable, Permits);
    note(!sameStuck(before, after), Stuck);
    note(before.observedValue != after.observedValue, ObservedValue);
    // A lease that grew was renewed or extended; one that shrank is just time passing.
    if (before.ttlMs.has_value() != after.ttlMs.has_value())
        change |= Lease;
    else if (before.ttlMs && *after.ttlMs > *before.ttlMs)
        change |= Lease;
    else if (before.ttlMs && *after.ttlMs < *before.ttlMs)
        change |= Countdown;
    return change;
}

} // namespace lockscope
