#pragma once

#include "inspect/recognizers/KeyFamilyRecognizer.h"

namespace lockscope {

// Symfony Semaphore's RedisStore (PHP 5.2+): two sorted sets per semaphore `x`, `{x}:weight`
// (member: a holder's 44-character token, score: the permits it holds) and `{x}:time` (the same
// tokens scored by their expiry in epoch seconds), both expiring 10 s after the last holder. The
// limit lives in the clients; nobody is woken (waiters poll). A holder's permits are given back
// as the store does it: its token removed from both sets.
class SymfonySemaphoreRecognizer : public KeyFamilyRecognizer
{
public:
    // Reads both sorted sets.
    SymfonySemaphoreRecognizer();

    std::string_view name() const override { return "symfony-semaphore"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    std::optional<RedisCommand> permitRelease(
        const LockSnapshot& semaphore, const LockHolder& holder) const override;
};

} // namespace lockscope
