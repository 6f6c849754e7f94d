#include "history/HoldRecord.h"

#include "common/EnumNames.h"

#include <algorithm>

namespace lockscope {

std::string_view holdEndingName(HoldEnding ending)
{
    static constexpr std::array<std::string_view, 5> names {
        "open", "released", "expired", "force-released", "lost"};
    return enumName<HoldEnding::Lost>(ending, names, "unknown");
}

void HoldRecord::endAs(const HoldRecord& end)
{
    endedMs = end.endedMs;
    ending = end.ending;
    if (!fence)
        fence = end.fence;
    maxReentries = std::max(maxReentries, end.maxReentries);
    maxWaiters = std::max(maxWaiters, end.maxWaiters);
}

} // namespace lockscope
