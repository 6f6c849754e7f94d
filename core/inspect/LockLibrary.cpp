#include "inspect/LockLibrary.h"

#include <array>
#include <utility>

namespace lockscope {

namespace {

constexpr std::array<std::pair<LockLibrary, std::string_view>, 53> names {{
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
    {LockLibrary::NodeRedlockFamily, "token · node-redlock-compatible"},
    {LockLibrary::UuidTokenFamily, "token · UUID (several libraries)"},
    {LockLibrary::Token22Family, "token · bsm/redislock, @redis-kit/lock or redlock-py"},
    {LockLibrary::RedisKitLock, "@redis-kit/lock"},
    {LockLibrary::NodeRedisWarlock, "node-redis-warlock"},
    {LockLibrary::SimpleRedisMutex, "simple-redis-mutex"},
    {LockLibrary::MedusaLocking, "@medusajs/locking-redis"},
    {LockLibrary::ChatSdkState, "@chat-adapter/state-redis"},
    {LockLibrary::RedisLeader, "redis-leader"},
    {LockLibrary::SafeRedisLeader, "safe-redis-leader"},
    {LockLibrary::RedisPromiseLock, "redis-promise-lock"},
}};

} // namespace

std::string_view lockLibraryName(LockLibrary library)
{
    for (const auto& [known, name] : names) {
        if (known == library)
            return name;
    }
    return "unknown";
}

} // namespace lockscope
