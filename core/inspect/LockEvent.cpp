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

} // namespace lockscope
