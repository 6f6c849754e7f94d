#pragma once

#include "inspect/LockChange.h"
#include "inspect/LockSnapshot.h"

#include <string_view>

namespace lockscope {

// One change the watcher saw. For released/expired, `lock` is the last snapshot before it went.
struct LockEvent
{
    enum class Type
    {
        Appeared,
        Changed,
        Released,
        Expired,
    };
    Type type = Type::Changed;
    LockSnapshot lock;
    long long atMs = 0; // client epoch ms when the watcher noticed
    // Changed: what differs from the lock's previous event (or the listing); appeared, released
    // and expired: everything.
    LockChange changes = LockChange::everything();

    static std::string_view typeName(Type type);
};

} // namespace lockscope
