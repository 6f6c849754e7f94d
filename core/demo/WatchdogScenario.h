#pragma once

#include "demo/DemoScenario.h"

namespace lockscope {

// Scenario 5: a long job (three leases long) under a `reentrant` lock whose watchdog renews it
// every lease/3; the lock stays held throughout. Then the holder process is killed: renewals
// stop, and the lock frees within one lease, after which C2 gets it.
class WatchdogScenario final : public DemoScenario
{
public:
    WatchdogScenario();

private:
    Result<DemoOutcome> play(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
