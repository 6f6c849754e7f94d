#pragma once

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

    static std::string_view typeName(Type type);
    // Whether two snapshots of one lock differ in anything but the TTL counting down.
    static bool sameState(const LockSnapshot& before, const LockSnapshot& after);
};

} // namespace lockscope
