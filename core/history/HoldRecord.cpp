#include "history/HoldRecord.h"

namespace lockscope {

std::string_view holdEndingName(HoldEnding ending)
{
    switch (ending) {
    case HoldEnding::Open:
        return "open";
    case HoldEnding::Released:
        return "released";
    case HoldEnding::Expired:
        return "expired";
    case HoldEnding::ForceReleased:
        return "force-released";
    case HoldEnding::Lost:
        return "lost";
    }
    return "open";
}

} // namespace lockscope
