#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// redis-semaphore (node) Semaphore / MultiSemaphore: ZSET `semaphore:<name>`, member = UUIDv4
// (MultiSemaphore: `<uuid>_0..<uuid>_{k-1}`), score = the client's epoch-ms at acquire/refresh;
// the key's PEXPIRE is the lock timeout. The permit limit lives only in the clients.
class NodeSemaphoreRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "redis-semaphore-node"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
};

} // namespace lockscope
