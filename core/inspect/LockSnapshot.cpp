#include "inspect/LockSnapshot.h"

namespace lockscope {

std::string_view lockKindName(LockKind kind)
{
    switch (kind) {
    case LockKind::Reentrant:
        return "reentrant";
    case LockKind::Fair:
        return "fair";
    case LockKind::ReadWrite:
        return "rwlock";
    case LockKind::Token:
        return "token";
    case LockKind::Legacy:
        return "legacy";
    case LockKind::Semaphore:
        return "semaphore";
    }
    return "unknown";
}

void LockSnapshot::markStuck(UserText why)
{
    if (stuck) {
        stuckReason
            = UserText(LOCKSCOPE_TEXT("LockSnapshot", "%1; %2"), std::move(stuckReason), std::move(why));
        return;
    }
    stuck = true;
    stuckReason = std::move(why);
}

} // namespace lockscope
