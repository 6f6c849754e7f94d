#include "inspect/LockEvent.h"

namespace lockscope {

std::string_view LockEvent::typeName(Type type)
{
    switch (type) {
    case Type::Appeared:
        return "appeared";
    case Type::Changed:
        return "changed";
    case Type::Released:
        return "released";
    case Type::Expired:
        return "expired";
    }
    return "unknown";
}

bool LockEvent::sameState(const LockSnapshot& before, const LockSnapshot& after)
{
    if (before.kind != after.kind || before.keys != after.keys || before.fence != after.fence
        || before.stuck != after.stuck || before.permitsAvailable != after.permitsAvailable
        || before.waiterCount != after.waiterCount || before.holders.size() != after.holders.size()
        || before.waiters.size() != after.waiters.size() || before.observedValue != after.observedValue
        || before.ttlMs.has_value() != after.ttlMs.has_value())
        return false;
    for (size_t i = 0; i < before.holders.size(); ++i) {
        const auto& a = before.holders[i];
        const auto& b = after.holders[i];
        if (a.owner != b.owner || a.count != b.count || a.mode != b.mode || a.expiresAtMs != b.expiresAtMs)
            return false;
    }
    for (size_t i = 0; i < before.waiters.size(); ++i) {
        if (before.waiters[i].owner != after.waiters[i].owner
            || before.waiters[i].deadlineMs != after.waiters[i].deadlineMs)
            return false;
    }
    // A lease that grew was renewed or extended; one that shrank is just time passing.
    return !(before.ttlMs && after.ttlMs && *after.ttlMs > *before.ttlMs);
}

} // namespace lockscope
