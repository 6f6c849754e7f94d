#pragma once

#include "common/NameTable.h"

#include <string_view>

namespace lockscope {

// Whose lock it is: the library (or convention) that wrote the keys. Code compares these, never
// display strings; lockLibraryNames below is the one place a library's name is spelled. A new
// library is an enumerator here (moving `Last` to it) and its row in lockLibraryNames: the table
// does not compile without the row, and tst_LockLibrary checks that the docs name it.
enum class LockLibrary
{
    Unknown, // a lock shape many libraries share, or the user's own pattern
    Redisson,
    NodeRedisson,
    RedisPy,
    NodeRedlock,
    RedisPlusPlus,
    RedisSemaphoreNode, // redis-semaphore (node): Semaphore, MultiSemaphore, Mutex
    RedisSemaphoreRuby,
    LockScope,
    LegacySetnx, // hand-written SETNX with an expiry timestamp as the value
    ShedLock, // Java scheduler locks (job-lock:<env>:<name>, ADDED:<time>@<host>)
    SpringIntegration, // RedisLockRegistry: <registryKey>:<lockKey>, one UUID per registry
    Redsync, // Go: 24-char standard base64 ending in ==
    BsmRedislock, // Go: 22-char URL-safe token plus optional metadata, one value over many keys
    GoZero, // Go: 16 letters
    Laravel, // PHP cache locks: 16 alphanumerics under the cache prefix
    SymfonyLock, // PHP: a ZSET of 44-char tokens (and __write__)
    SymfonySemaphore, // PHP: {name}:weight + {name}:time ZSETs
    PhpLock, // PHP php-lock/lock: php-malkusch-lock:<name>, 64 hex
    PythonRedisLock, // Python python-redis-lock: lock:<name> + lock-signal:<name>
    RedLockNetOrPottery, // .NET RedLock.net or Python pottery: redlock:<resource>, a UUID
    Portalocker, // Python: no key, a pub/sub client named <name>-lock
    SidekiqUniqueJobs, // Ruby: uniquejobs:<digest> and its :LOCKED hash
    DistributedLockRedis, // .NET DistributedLock.Redis: <Machine>_<pid>_<32 hex>
    NpmRedisLock, // Node `redis-lock`: lock.<name> holding an epoch-ms expiry, with PX
    BullMQ, // Node job locks: <prefix>:<queue>:<jobId>:lock holding <worker uuid>:<n>
    RedlockUniversal, // Node: <nodeId>:<epochMs>:<16 hex>
    Bull, // Node, Bull v3 (BullMQ's predecessor): <prefix>:<queue>:<jobId>:lock holding the queue's UUID
    NodeResque, // Node: resque:resque_scheduler_leader_lock holding the scheduler's name
    Rq, // Python RQ: rq:scheduler-lock:<queue> holding the scheduler's pid
    CeleryOnce, // Python celery-once: qo_<task>_<args> holding a redis-py token
    CelerySingleton, // Python celery-singleton: SINGLETONLOCK_<md5> holding the task id
    RedBeat, // Python celery-redbeat: redbeat::lock, the beat leader, holding a redis-py token
    ActiveJobUniqueness, // Ruby: activejob_uniqueness:<job>:<digest> holding a redlock-rb UUID
    ResqueScheduler, // Ruby: resque:resque_scheduler_master_lock holding <host>:<pid>
    Asynq, // Go: asynq:{<queue>}:unique:<type>:<md5> holding the task id
    HangfireRedis, // .NET Hangfire.Redis.StackExchange: {hangfire}:<resource> holding the process's GUID
    YiiMutex, // PHP yii2-redis Mutex: <5 hex><md5 of the name> holding 20 URL-safe characters
    Exq, // Elixir: exq:unique:<token> holding the job id
    QuartzRedisJobStore, // Java quartz-redis-jobstore: [<keyPrefix>]lock holding a UUID, PX lockTimeout
    RsLock, // Rust rslock / redlock-rs: <resource> holding 20 random bytes, PX ttl
    Last = RsLock,
};

// The name shown in the CLI, the GUI and JSON, and kept in the history ("Redisson", "redis-py",
// "unknown"...).
inline constexpr auto lockLibraryNames = nameTable<LockLibrary>({
    {LockLibrary::Unknown, "unknown"},
    {LockLibrary::Redisson, "Redisson"},
    {LockLibrary::NodeRedisson, "node-redisson"},
    {LockLibrary::RedisPy, "redis-py"},
    {LockLibrary::NodeRedlock, "node-redlock"},
    {LockLibrary::RedisPlusPlus, "redis-plus-plus"},
    {LockLibrary::RedisSemaphoreNode, "redis-semaphore"},
    {LockLibrary::RedisSemaphoreRuby, "redis-semaphore (ruby)"},
    {LockLibrary::LockScope, "LockScope"},
    {LockLibrary::LegacySetnx, "SETNX timestamp (legacy)"},
    {LockLibrary::ShedLock, "ShedLock"},
    {LockLibrary::SpringIntegration, "Spring Integration"},
    {LockLibrary::Redsync, "redsync"},
    {LockLibrary::BsmRedislock, "bsm/redislock"},
    {LockLibrary::GoZero, "go-zero"},
    {LockLibrary::Laravel, "Laravel"},
    {LockLibrary::SymfonyLock, "Symfony Lock"},
    {LockLibrary::SymfonySemaphore, "Symfony Semaphore"},
    {LockLibrary::PhpLock, "php-lock"},
    {LockLibrary::PythonRedisLock, "python-redis-lock"},
    {LockLibrary::RedLockNetOrPottery, "RedLock.net / pottery"},
    {LockLibrary::Portalocker, "portalocker"},
    {LockLibrary::SidekiqUniqueJobs, "sidekiq-unique-jobs"},
    {LockLibrary::DistributedLockRedis, "DistributedLock.Redis"},
    {LockLibrary::NpmRedisLock, "redis-lock (npm)"},
    {LockLibrary::BullMQ, "BullMQ"},
    {LockLibrary::RedlockUniversal, "redlock-universal"},
    {LockLibrary::Bull, "Bull (v3)"},
    {LockLibrary::NodeResque, "node-resque"},
    {LockLibrary::Rq, "RQ"},
    {LockLibrary::CeleryOnce, "celery-once"},
    {LockLibrary::CelerySingleton, "celery-singleton"},
    {LockLibrary::RedBeat, "celery-redbeat"},
    {LockLibrary::ActiveJobUniqueness, "activejob-uniqueness"},
    {LockLibrary::ResqueScheduler, "resque-scheduler"},
    {LockLibrary::Asynq, "asynq"},
    {LockLibrary::HangfireRedis, "Hangfire.Redis.StackExchange"},
    {LockLibrary::YiiMutex, "yii2-redis Mutex"},
    {LockLibrary::Exq, "Exq"},
    {LockLibrary::QuartzRedisJobStore, "quartz-redis-jobstore"},
    {LockLibrary::RsLock, "rslock / redlock-rs"},
});
constexpr std::string_view lockLibraryName(LockLibrary library)
{
    return lockLibraryNames.name(library);
}

} // namespace lockscope
