#pragma once

#include <string>

namespace lockscope {

// Who holds a Redisson-format lock: the hash field `<clientId>:<threadId>`. Redisson uses one
// UUID per client and the Java thread id; LockScope uses one UUID per process and a number per
// lock object, because a LockScope lock object (not a thread) is the unit that holds and
// re-enters. Tests and tools can pass any identity, e.g. to act as a given Redisson thread.
struct HolderIdentity
{
    std::string clientId;
    long long threadId = 0;

    std::string field() const { return clientId + ":" + std::to_string(threadId); }

    // This process's client UUID and a thread id no other object of this process uses.
    static HolderIdentity next();
    // A random version-4 UUID, regenerated in a forked child so parent and child differ.
    static std::string processClientId();
    static std::string randomUuid();
};

} // namespace lockscope
