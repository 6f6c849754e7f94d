#pragma once

#include "inspect/LockSnapshot.h"

#include <string>
#include <vector>

namespace lockscope {

// A holder that others wait for and that waits for nothing itself: where a blocking chain ends.
struct BlockingRoot
{
    std::string owner; // what Redis stores for the holder (a `<uuid>:<thread>` field, a token)
    HolderIdentification identity; // as the holder's lock gave it (empty: not identified)
    std::vector<std::string> locks; // the locks it holds that someone waits for (LockScope names)
    size_t blocks = 0; // named waiters that wait on it, directly or through others they block
    long long unnamedWaiters = 0; // waiters Redis counts but cannot name, on the locks it holds
};

// A cycle of waiting: each of `owners` holds a lock the next one waits for.
struct Deadlock
{
    std::vector<std::string> owners;
    std::vector<std::string> locks; // the locks held and waited for inside the cycle
};

struct BlockingTree
{
    std::vector<BlockingRoot> roots; // most blocking first
    std::vector<Deadlock> deadlocks;
};

// The wait-for graph of a listing: a named waiter (a Redisson fair-lock queue entry, a LockScope
// waiter registration) waits for every holder of the lock it waits for. Parties are matched by
// what Redis stores for them, so a thread that holds one lock and queues for another is one
// party. Root blockers are holders nobody they wait for blocks; cycles (Tarjan's strongly
// connected components, iterative) are deadlocks. Linear in locks, holders and waiters.
class BlockingGraph
{
public:
    static BlockingTree of(const std::vector<LockSnapshot>& locks);
};

} // namespace lockscope
