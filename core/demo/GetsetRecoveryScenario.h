#pragma once

#include "demo/DemoScenario.h"

namespace lockscope {

// Scenario 2, the remedy Redis's SETNX page gives for that race: C4 and C5 find the dead C3's `legacy` lock
// expired and race with GETSET; only the one whose GETSET returns the old expired timestamp holds the lock,
// the other sees the winner's fresh timestamp and starts over. Staged step by step, then played for real by
// two `legacy` locks racing from two threads.
class GetsetRecoveryScenario final : public DemoScenario
{
public:
    GetsetRecoveryScenario();

private:
    Result<DemoOutcome> play(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
