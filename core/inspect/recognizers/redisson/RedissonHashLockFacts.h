#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/recognizers/RecognitionContext.h"

#include <string>

namespace lockscope {

// What a Redisson lock hash (RLock, RReadWriteLock) shows beyond its holders, read the same way
// for both: Redisson always sets a lease, so a hold without a TTL is stuck (nothing renews or
// frees it); the clients subscribed to the lock's channel are its waiters (clients, not threads).
struct RedissonHashLockFacts
{
    // `noteContext` and `notePattern` come from LOCKSCOPE_TEXT: the waiters' note, %1 their count.
    static void add(LockSnapshot& lock, const RecognitionContext& context, const std::string& channel,
        const char* noteContext, const char* notePattern);
};

} // namespace lockscope
