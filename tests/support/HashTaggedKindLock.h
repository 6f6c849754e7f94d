#pragma once

#include "inspect/LockSnapshot.h"
#include "locks/DistributedLock.h"
#include "redis/ConnectionOptions.h"
#include "redis/RedisConnection.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lockscope::test {

// One kind of LockScope's own locks (`lock --kind`), taken under a name holding a cluster hash
// tag, and what the inspector must list it as: the rows that tst_LockNames (one server) and
// tst_ClusterInspect (a cluster) both check, and the lock of a row taken as they both take it.
struct HashTaggedKindLock
{
    LockAlgorithm kind;
    std::string name; // holds `{...}`; says "lock" where the kind's value alone would not
    bool fenced = true; // LockSpec::fenced, for the kinds that can turn it off
    LockKind listedAs = LockKind::Token;
    HolderMode holderMode = HolderMode::Exclusive;

    // Every kind, fenced and not where it can be either.
    static std::vector<HashTaggedKindLock> everyKind();
    // A data function's column "index" into everyKind(), a row per kind.
    static void addRows();

    struct Taken
    {
        std::unique_ptr<DistributedLock> lock;
        std::optional<long long> fence;
    };
    // Takes this lock on the server at `connection` (`server` a connection to it: the master of
    // the name's slot on a cluster). A fair lock also gets one waiter queued as Redisson queues
    // it, which is what tells it from a reentrant lock.
    Result<Taken> take(const ConnectionOptions& connection, RedisConnection& server) const;
};

} // namespace lockscope::test
