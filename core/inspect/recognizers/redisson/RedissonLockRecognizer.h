#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// Redisson RLock / FencedLock / SpinLock (hash `<name>`: `<uuid>:<tid>` -> reentry count) and
// RFairLock (the same hash plus `redisson_lock_queue:{name}` and `redisson_lock_timeout:{name}`).
// A fair queue whose lock hash is gone is still listed: its waiters are real (or stale).
class RedissonLockRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "redisson-lock"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void relatedKeys(const RawKey& key, std::vector<std::string>& names) const override;
    void channels(const RawKey& key, std::vector<std::string>& names) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    bool readsContents(std::string_view key, RawKey::Type type) const override;
    std::optional<std::string> lockNameOf(std::string_view key) const override;
    void keysOf(const std::string& lockName, std::vector<std::string>& keys) const override;
    // PUBLISH 0 on the unlock channel; a fair lock's on its head waiter's own channel.
    std::optional<ReleaseWakeUp> wakeUpOnRelease(const LockSnapshot& lock) const override;

    static bool isLockHash(const RawKey& key);
    static std::string channelFor(std::string_view lockName);

private:
    LockSnapshot snapshotFor(const std::string& lockName, RecognitionContext& context) const;
    static void addFairQueue(LockSnapshot& lock, RecognitionContext& context);
};

} // namespace lockscope
