#pragma once

#include "stress/DemoScenario.h"

namespace lockscope {

// Scenario 2, seed 000's remedy: C4 and C5 find the dead C3's `legacy` lock expired and race
// with GETSET; only the one whose GETSET returns the old expired timestamp holds the lock, the
// other sees the winner's fresh timestamp and starts over. Staged step by step, then played
// for real by two `legacy` locks racing from two threads.
class GetsetRecoveryScenario final : public DemoScenario
{
public:
    std::string_view name() const override { return "getset-recovery"; }
    std::string_view title() const override { return "The SETNX + GETSET recovery (seed 000, C4 and C5)"; }
    std::string_view expectation() const override
    {
        return "exactly one of C4 and C5 acquires the expired lock, staged and in a real race";
    }
    std::vector<std::string> requiredKinds() const override { return {"legacy"}; }
    Result<DemoOutcome> run(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
