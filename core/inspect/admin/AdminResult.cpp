#include "inspect/admin/AdminResult.h"

#include "common/EnumNames.h"

namespace lockscope {

std::string_view adminOutcomeName(AdminOutcome outcome)
{
    static constexpr std::array<std::string_view, 3> names {"done", "holder changed", "nothing there"};
    return enumName<AdminOutcome::NothingThere>(outcome, names, "unknown");
}

} // namespace lockscope
