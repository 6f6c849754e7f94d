#include "inspect/LockKey.h"

namespace lockscope {

std::string LockKey::of(std::string_view node, std::string_view name)
{
    std::string key;
    key.reserve(node.size() + 1 + name.size());
    key.append(node);
    key.push_back('\n');
    key.append(name);
    return key;
}

} // namespace lockscope
