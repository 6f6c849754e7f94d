#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// Redisson RReadWriteLock: hash `<name>` with `mode` = read/write, readers `<uuid>:<tid>` ->
// count, the writer `<uuid>:<tid>:write` -> count, and one STRING
// `{<name>}:<uuid>:<tid>:rwlock_timeout:<n>` per read hold (grouped into the lock).
class RedissonReadWriteLockRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "redisson-rwlock"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void relatedKeys(const RawKey& key, std::vector<std::string>& names) const override;
    void channels(const RawKey& key, std::vector<std::string>& names) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    // A reader's `{name}:<holder>:rwlock_timeout:<n>` key belongs to the lock `name`; the lock
    // itself is the hash under its name (the timeout keys are read as its related keys).
    std::optional<std::string> lockNameOf(std::string_view key) const override;
    // PUBLISH on `redisson_rwlock:{name}`: 1 when a writer is released, else 0.
    std::optional<ReleaseWakeUp> wakeUpOnRelease(const LockSnapshot& lock) const override;

    static bool isReadWriteHash(const RawKey& key);
    static std::string channelFor(std::string_view lockName);
    static std::string readTimeoutKey(std::string_view lockName, std::string_view holderId, long long n);
};

} // namespace lockscope
