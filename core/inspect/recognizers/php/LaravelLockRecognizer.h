#pragma once

#include "inspect/recognizers/StringLockRecognizer.h"

namespace lockscope {

// Laravel's cache locks (Illuminate\Cache\RedisLock, PhpRedisLock): SET <prefix><name> <owner>
// EX seconds NX, the owner Str::random() (16 alphanumerics; with a phpredis serializer stored
// as s:16:"...";). The cache prefix changed with the versions: `laravel_cache:` (8),
// `laravel_cache_:` (9-10), `laravel_cache_` (11-12), `laravel-cache-` (13), each after the
// client's REDIS_PREFIX. The framework's own locks carry their purpose in the name:
// laravel_unique_job:<Job>:<id> (ShouldBeUnique), laravel-queue-overlap:<Job>:<key>
// (WithoutOverlapping), framework/schedule-<sha1> (the scheduler's withoutOverlapping).
// seconds = 0, the default of Cache::lock($name), writes no TTL at all: such a lock never
// expires by itself. Waiters poll (block() every 250 ms): nobody to wake.
class LaravelLockRecognizer : public StringLockRecognizer
{
public:
    std::string_view name() const override { return "laravel"; }

protected:
    std::optional<StringLockReading> read(const RawKey& key, long long nowMs) const override;
};

} // namespace lockscope
