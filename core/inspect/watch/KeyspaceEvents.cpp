#include "inspect/watch/KeyspaceEvents.h"

namespace lockscope {

KeyspaceEvents::Set KeyspaceEvents::of(std::string_view event)
{
    if (event == "expire")
        return ttlSet;
    if (event == "expired")
        return removed | expired;
    if (event == "del" || event == "evicted" || event == "rename_from" || event == "move_from")
        return removed;
    return written;
}

} // namespace lockscope
