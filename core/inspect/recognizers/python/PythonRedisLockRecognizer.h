#pragma once

#include "inspect/recognizers/StringLockRecognizer.h"

namespace lockscope {

// python-redis-lock (ionelmc, `redis_lock`): SET lock:<name> <id> NX EX expire, the id 24
// characters of unpadded base64 (18 random bytes); no TTL when expire=None, the default. Waiters
// BLPOP the list lock-signal:<name>; the release compares the id, deletes the lock, empties the
// list, pushes one element and lets the list expire in 1 s: one push wakes one waiter. A signal
// list with nobody holding the lock is a leftover: the next waiter will not block.
class PythonRedisLockRecognizer : public StringLockRecognizer
{
public:
    static std::string signalKeyOf(std::string_view lockKey); // lock:<n> -> lock-signal:<n>

    std::string_view name() const override { return "python-redis-lock"; }
    void relatedKeys(const RawKey& key, std::vector<std::string>& names) const override;
    bool readsContents(std::string_view key, RawKey::Type type) const override;
    std::optional<std::string> lockNameOf(std::string_view key) const override;
    void keysOf(const std::string& lockName, std::vector<std::string>& keys) const override;
    std::optional<ReleaseWakeUp> wakeUpOnRelease(const LockSnapshot& lock) const override;

protected:
    std::optional<StringLockReading> read(const RawKey& key, long long nowMs) const override;
    void complete(LockSnapshot& lock, RecognitionContext& context) const override;
};

} // namespace lockscope
