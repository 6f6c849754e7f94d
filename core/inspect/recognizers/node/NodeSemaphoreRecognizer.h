#pragma once

#include "inspect/recognizers/KeyFamilyRecognizer.h"

namespace lockscope {

// redis-semaphore (node) Semaphore / MultiSemaphore: ZSET `semaphore:<name>`, member = UUIDv4
// (MultiSemaphore: `<uuid>_0..<uuid>_{k-1}`), score = the client's epoch-ms at acquire/refresh;
// the key's PEXPIRE is the lock timeout. The permit limit lives only in the clients.
class NodeSemaphoreRecognizer : public KeyFamilyRecognizer
{
public:
    // Reads its sorted set `semaphore:<name>`.
    NodeSemaphoreRecognizer();

    std::string_view name() const override { return "redis-semaphore-node"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    // ZREM the holder's member(s) from `semaphore:<name>`.
    std::optional<RedisCommand> permitRelease(
        const LockSnapshot& semaphore, const LockHolder& holder) const override;
};

} // namespace lockscope
