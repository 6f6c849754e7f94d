#pragma once

#include "demo/DemoScenario.h"

namespace lockscope {

// Scenario 6: a greedy client G that re-acquires the moment it releases, and three waiters that
// queued up behind it one after another. Under an unfair lock (`legacy`: SETNX, waiters poll) G barges
// back in almost every time and the waiters starve; under `fair` (Redisson's RFairLock) the
// lock goes to the waiters in the order they queued, and G waits its turn.
class FairVsUnfairScenario final : public DemoScenario
{
public:
    FairVsUnfairScenario();

private:
    Result<DemoOutcome> play(const DemoContext& context, DemoTimeline& timeline) override;

    struct Round
    {
        std::vector<std::string> order; // who acquired, in order
        double greedyShare = 0;
        double leastServedShare = 0; // acquisitions of the least-served client / a fair share
    };
    Result<Round> playRound(const DemoContext& context, DemoTimeline& timeline, LockAlgorithm kind);
};

} // namespace lockscope
