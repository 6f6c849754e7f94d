#include "inspect/recognizers/redisson/RedissonHashLockFacts.h"

namespace lockscope {

void RedissonHashLockFacts::add(LockSnapshot& lock, const RecognitionContext& context,
    const std::string& channel, const char* noteContext, const char* notePattern)
{
    if (!lock.ttlMs)
        lock.markStuck(UserText(LOCKSCOPE_TEXT("RedissonLockRecognizer",
            "no TTL: Redisson always sets a lease, so nothing renews or frees this hold")));
    lock.waiterCount = context.subscribers(channel);
    if (lock.waiterCount > 0)
        lock.notes.emplace_back(noteContext, notePattern, lock.waiterCount);
}

} // namespace lockscope
