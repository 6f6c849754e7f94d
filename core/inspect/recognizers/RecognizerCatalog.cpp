#include "inspect/recognizers/RecognizerCatalog.h"

#include "inspect/LockNaming.h"
#include "inspect/recognizers/LegacyTimestampRecognizer.h"
#include "inspect/recognizers/LockNamedKeyRecognizer.h"
#include "inspect/recognizers/LockScopeSemaphoreRecognizer.h"
#include "inspect/recognizers/SimpleFormatRecognizer.h"
#include "inspect/recognizers/SimpleLockFormats.h"
#include "inspect/recognizers/TokenLockRecognizer.h"
#include "inspect/recognizers/UserPatternRecognizer.h"
#include "inspect/recognizers/dotnet/DistributedLockRedisRecognizer.h"
#include "inspect/recognizers/jvm/ShedLockRecognizer.h"
#include "inspect/recognizers/jvm/SpringIntegrationRecognizer.h"
#include "inspect/recognizers/node/NodeSemaphoreRecognizer.h"
#include "inspect/recognizers/php/LaravelLockRecognizer.h"
#include "inspect/recognizers/php/SymfonyLockRecognizer.h"
#include "inspect/recognizers/php/SymfonySemaphoreRecognizer.h"
#include "inspect/recognizers/python/PortalockerRecognizer.h"
#include "inspect/recognizers/redisson/RedissonLockRecognizer.h"
#include "inspect/recognizers/redisson/RedissonMultiLockRecognizer.h"
#include "inspect/recognizers/redisson/RedissonReadWriteLockRecognizer.h"
#include "inspect/recognizers/redisson/RedissonSemaphoreRecognizer.h"
#include "inspect/recognizers/ruby/RubySemaphoreRecognizer.h"
#include "inspect/recognizers/ruby/SidekiqUniqueJobsRecognizer.h"

#include <algorithm>
#include <deque>

namespace lockscope {

const std::vector<const LockRecognizer*>& RecognizerCatalog::all()
{
    static const LockScopeSemaphoreRecognizer lockScopeSemaphore;
    static const RubySemaphoreRecognizer rubySemaphore;
    static const NodeSemaphoreRecognizer nodeSemaphore;
    static const RedissonReadWriteLockRecognizer redissonReadWriteLock;
    static const RedissonLockRecognizer redissonLock;
    static const RedissonSemaphoreRecognizer redissonSemaphore;
    static const RedissonMultiLockRecognizer redissonMultiLock;
    static const ShedLockRecognizer shedLock;
    static const SidekiqUniqueJobsRecognizer sidekiqUniqueJobs;
    static const SymfonySemaphoreRecognizer symfonySemaphore;
    static const SymfonyLockRecognizer symfonyLock;
    static const LaravelLockRecognizer laravel;
    static const DistributedLockRedisRecognizer distributedLockRedis;
    static const SpringIntegrationRecognizer springIntegration;
    static const TokenLockRecognizer tokenLock;
    static const LegacyTimestampRecognizer legacyTimestamp;
    static const UserPatternRecognizer userPattern;
    static const LockNamedKeyRecognizer lockNamedKey;
    static const PortalockerRecognizer portalocker;
    // Prefixes and unmistakable values first (the formats with structure, then the simple ones,
    // a row each); the shapes many libraries share (a UUID, 32 hex, a number) after them, then
    // the user's own patterns, and last any lock-named key with a TTL that nothing else claimed.
    static const std::vector<const LockRecognizer*> recognizers = [&] {
        static std::deque<SimpleFormatRecognizer> simple;
        for (const auto& format : SimpleLockFormats::all())
            simple.emplace_back(format);
        std::vector<const LockRecognizer*> ordered {&lockScopeSemaphore, &rubySemaphore, &nodeSemaphore,
            &redissonReadWriteLock, &redissonLock, &redissonSemaphore, &redissonMultiLock, &shedLock,
            &sidekiqUniqueJobs, &symfonySemaphore, &symfonyLock};
        for (const auto& recognizer : simple)
            ordered.push_back(&recognizer);
        ordered.insert(ordered.end(),
            {&laravel, &distributedLockRedis, &springIntegration, &tokenLock, &legacyTimestamp, &userPattern,
                &lockNamedKey, &portalocker});
        return ordered;
    }();
    return recognizers;
}

std::string RecognizerCatalog::lockNameForKey(std::string_view key)
{
    if (auto attached = LockNaming::lockOfAttachedKey(key))
        return *attached;
    for (const auto& recognizer : all()) {
        if (auto name = recognizer->lockNameOf(key))
            return *name;
    }
    return std::string(key);
}

std::vector<std::string> RecognizerCatalog::keysOfLock(const std::string& lockName)
{
    // Fence counters and waiter registries first: a lock under an ordinary name (a LockScope
    // token called `deploy`) is only known for one through its fence.
    std::vector<std::string> keys {lockName};
    for (auto& attached : LockNaming::attachedKeysOf(lockName))
        keys.push_back(std::move(attached));
    for (const auto& recognizer : all())
        recognizer->keysOf(lockName, keys);
    std::vector<std::string> unique;
    for (auto& key : keys) {
        if (std::find(unique.begin(), unique.end(), key) == unique.end())
            unique.push_back(std::move(key));
    }
    return unique;
}

bool RecognizerCatalog::claimsName(std::string_view key)
{
    if (LockNaming::looksLikeLockName(key) || LockNaming::lockOfAttachedKey(key))
        return true;
    return std::ranges::any_of(
        all(), [key](const LockRecognizer* recognizer) { return recognizer->claimsName(key); });
}

bool RecognizerCatalog::someFormatReads(std::string_view key, RawKey::Type type)
{
    for (const auto& recognizer : all()) {
        if (recognizer->readsContents(key, type))
            return true;
    }
    return false;
}

} // namespace lockscope
