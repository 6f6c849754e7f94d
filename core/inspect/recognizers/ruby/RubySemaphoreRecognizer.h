#pragma once

#include "inspect/recognizers/KeyFamilyRecognizer.h"

#include <optional>

namespace lockscope {

// redis-semaphore (ruby, dv): `SEMAPHORE:<name>:AVAILABLE` (LIST of free tokens),
// `:GRABBED` (HASH token -> epoch seconds), `:EXISTS`, `:VERSION`, `:release_locks`, grouped
// into one semaphore. Its waiters block in BLPOP; CLIENT LIST shows blocked clients but not the
// key they wait on, so the count is attributed only when this is the node's only BLPOP lock.
class RubySemaphoreRecognizer : public KeyFamilyRecognizer
{
public:
    // Reads the AVAILABLE token list.
    RubySemaphoreRecognizer();

    std::string_view name() const override { return "redis-semaphore-ruby"; }
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    // HDEL the token from GRABBED and push it back onto AVAILABLE (waking a client in BLPOP).
    std::optional<RedisCommand> permitRelease(
        const LockSnapshot& semaphore, const LockHolder& holder) const override;

    static std::string keyFor(std::string_view semaphoreName, std::string_view part);
};

} // namespace lockscope
