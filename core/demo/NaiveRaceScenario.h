#pragma once

#include "demo/DemoScenario.h"

namespace lockscope {

// Scenario 1, the race that Redis's SETNX page ("Locking with SETNX") describes: C3 dies holding
// a `naive` lock; C1 and C2 both find its timestamp expired, both DEL + SETNX, and both end up
// holding the lock. Staged command by command in that page's order; the MutualExclusionChecker
// then shows the overlap.
class NaiveRaceScenario final : public DemoScenario
{
public:
    NaiveRaceScenario();

private:
    Result<DemoOutcome> play(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
