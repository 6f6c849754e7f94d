#pragma once

#include "demo/DemoScenario.h"

namespace lockscope {

// Scenario 1, seed 000's race: C3 dies holding a `naive` lock; C1 and C2 both find its
// timestamp expired, both DEL + SETNX, and both end up holding the lock. Staged command by
// command in the seed's exact order; the MutualExclusionChecker then shows the overlap.
class NaiveRaceScenario final : public DemoScenario
{
public:
    NaiveRaceScenario();
    Result<DemoOutcome> run(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
