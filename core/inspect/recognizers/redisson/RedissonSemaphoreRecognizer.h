#pragma once

#include "inspect/recognizers/KeyFamilyRecognizer.h"

#include <optional>

namespace lockscope {

// Redisson RSemaphore (STRING `<name>` = free permits) and RPermitExpirableSemaphore (the same
// string plus ZSET `{<name>}:timeout`: permit id -> expiry epoch-ms). A bare integer is only a
// semaphore when evidence says so: clients waiting on `redisson_sc:{name}`, or the timeout
// zset. An idle RSemaphore is indistinguishable from a counter: add a user pattern for it.
class RedissonSemaphoreRecognizer : public KeyFamilyRecognizer
{
public:
    // Reads the `{name}:timeout` zset of leased permits.
    RedissonSemaphoreRecognizer()
        : KeyFamilyRecognizer(RawKey::Type::ZSet)
    {
    }

    std::string_view name() const override { return "redisson-semaphore"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void relatedKeys(const RawKey& key, std::vector<std::string>& names) const override;
    void channels(const RawKey& key, std::vector<std::string>& names) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    // The `{name}:timeout` zset belongs to the semaphore `name` (whose own key is the integer).
    std::optional<std::string> lockNameOf(std::string_view key) const override;
    void keysOf(const std::string& lockName, std::vector<std::string>& keys) const override;
    // RPermitExpirableSemaphore: ZREM the permit id, INCRBY the permits, PUBLISH the new count on
    // `redisson_sc:{name}` (waking waiters). A plain RSemaphore records no holders.
    std::optional<RedisCommand> permitRelease(
        const LockSnapshot& semaphore, const LockHolder& holder) const override;

    static std::string channelFor(std::string_view semaphoreName);
    static std::string timeoutKeyFor(std::string_view semaphoreName);
    // The semaphore name of a `{name}:timeout` (or `name:timeout` for names with braces) key.
    static std::optional<std::string> nameOfTimeoutKey(std::string_view key);
};

} // namespace lockscope
