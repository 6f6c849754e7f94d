#include "inspect/LockSnapshot.h"

namespace lockscope {

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
