#pragma once

#include "demo/DemoScenario.h"

namespace lockscope {

// Scenario 7: Redlock over five independent sandbox redis-servers (started for the scenario,
// whatever the connection): with every node up, then one and two nodes down, a client still
// gets a majority (3 of 5); with three down it is refused.
class RedlockScenario final : public DemoScenario
{
public:
    RedlockScenario();

private:
    Result<DemoOutcome> play(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
