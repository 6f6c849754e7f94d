#pragma once

#include "inspect/recognizers/StringLockRecognizer.h"

namespace lockscope {

// DistributedLock.Redis (madelson, .NET): the mutex is SET <name> <lockId> NX PX, lockId =
// <MachineName>_<pid>_<Guid N, 32 hex>, extended about every 9 s. The reader-writer lock keeps
// its writer the same way in `<name>.writer` (a waiting writer parks `<lockId>_WRITERWAITING`
// there) and its readers in the SET `<name>.readers`. Released by compare-and-delete (readers by
// SREM); waiters busy-wait. The semaphore is a ZSET <name> of lock ids scored by expiry (ms).
class DistributedLockRedisRecognizer : public StringLockRecognizer
{
public:
    struct LockId
    {
        std::string machine;
        std::string pid;
        bool writerWaiting = false;
    };
    static std::optional<LockId> parseLockId(std::string_view value);

    std::string_view name() const override { return "distributedlock-redis"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void relatedKeys(const RawKey& key, std::vector<std::string>& names) const override;
    bool readsContents(std::string_view key, RawKey::Type type) const override;
    std::optional<std::string> lockNameOf(std::string_view key) const override;
    void keysOf(const std::string& lockName, std::vector<std::string>& keys) const override;
    // A semaphore holder's permit back: ZREM <name> <lock id>, as its release does.
    std::optional<RedisCommand> permitRelease(
        const LockSnapshot& semaphore, const LockHolder& holder) const override;
    // The string locks, then reader sets whose lock has no writer key, then semaphores.
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;

protected:
    std::optional<StringLockReading> read(const RawKey& key, long long nowMs) const override;
    void complete(LockSnapshot& lock, RecognitionContext& context) const override;

private:
    static void addReaders(LockSnapshot& lock, const RawKey& readers);
};

} // namespace lockscope
