#include "inspect/LockSnapshot.h"

#include "common/EnumNames.h"

namespace lockscope {

std::string_view lockKindName(LockKind kind)
{
    static constexpr std::array<std::string_view, 6> names {
        "reentrant", "fair", "rwlock", "token", "legacy", "semaphore"};
    return enumName<LockKind::Semaphore>(kind, names, "unknown");
}

bool LockSnapshot::isNamed(std::string_view text) const
{
    if (text == name || text == apiName.get())
        return true;
    for (const auto& key : keys) {
        if (text == key)
            return true;
    }
    return false;
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
