#include "history/HoldRecord.h"

#include "common/EnumNames.h"

namespace lockscope {

std::string_view holdEndingName(HoldEnding ending)
{
    static constexpr std::array<std::string_view, 5> names {
        "open", "released", "expired", "force-released", "lost"};
    return enumName<HoldEnding::Lost>(ending, names, "unknown");
}

} // namespace lockscope
