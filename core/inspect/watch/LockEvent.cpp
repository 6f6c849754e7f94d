#include "inspect/watch/LockEvent.h"

#include "common/EnumNames.h"

namespace lockscope {

std::string_view LockEvent::typeName(Type type)
{
    static constexpr std::array<std::string_view, 5> names {
        "appeared", "changed", "released", "expired", "force-released"};
    return enumName<LockEvent::Type::ForceReleased>(type, names, "unknown");
}

} // namespace lockscope
