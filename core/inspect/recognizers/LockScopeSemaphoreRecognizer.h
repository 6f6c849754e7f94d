#pragma once

#include "inspect/recognizers/LockRecognizer.h"

#include <optional>

namespace lockscope {

// LockScope's own semaphore kind: every key under `lockscope:semaphore:{<name>}` belongs to
// one semaphore. Its layout is still being designed, so holders are
// read generically: zset members (score = deadline), hash fields, a list's length as the free
// permits, an integer string as the free permits.
class LockScopeSemaphoreRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "lockscope-semaphore"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    bool readsContents(std::string_view key, RawKey::Type type) const override;
    std::optional<std::string> lockNameOf(std::string_view key) const override;
    // The parts core/locks/Semaphore writes (permits, free, taken, leases, holders...).
    void keysOf(const std::string& lockName, std::vector<std::string>& keys) const override;

    static std::optional<std::string> semaphoreName(std::string_view key);
};

} // namespace lockscope
