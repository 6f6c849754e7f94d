#include "inspect/LockEvent.h"

#include "common/EnumNames.h"

namespace lockscope {

std::string_view LockEvent::typeName(Type type)
{
    static constexpr std::array<std::string_view, 4> names {"appeared", "changed", "released", "expired"};
    return enumName<LockEvent::Type::Expired>(type, names, "unknown");
}

} // namespace lockscope
