#pragma once

#include "redis/CommandPolicy.h"

#include <string>
#include <vector>

namespace lockscope {

// The sandbox's sample locks of the libraries beyond Redisson, redis-py, node-redlock and
// redis-semaphore: ShedLock, Spring Integration, Laravel, php-lock, python-redis-lock, BullMQ,
// RedLock.net, DistributedLock.Redis, redsync, bsm/redislock, go-zero, npm redis-lock, Symfony
// Lock and Semaphore, sidekiq-unique-jobs, and one possible lock (the simple formats' samples are rows of
// SimpleLockFormats). Written the way those libraries write them (the formats their recognizers in
// inspect/recognizers/ read), each with a TTL unless the library's default has none.
class LibrarySampleLocks
{
public:
    // The commands that write them, and (appended to `made`) what each is, in words.
    static std::vector<RedisCommand> commands(long long nowMs, std::vector<std::string>& made);
    // ShedLock's value for a lock taken at `epochMs` on `host` (6.7.0 and later add a UUID).
    static std::string shedLockValue(long long epochMs, const std::string& host, bool withUuid = true);
    // A DistributedLock.Redis lock id: <machine>_<pid>_<32 hex>.
    static std::string distributedLockId(const std::string& machine, int pid);
};

} // namespace lockscope
