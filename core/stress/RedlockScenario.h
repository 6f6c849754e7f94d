#pragma once

#include "stress/DemoScenario.h"

namespace lockscope {

// Scenario 7: Redlock over five independent sandbox redis-servers (started for the scenario,
// whatever the connection): with every node up, then one and two nodes down, a client still
// gets a majority (3 of 5); with three down it is refused.
class RedlockScenario final : public DemoScenario
{
public:
    std::string_view name() const override { return "redlock"; }
    std::string_view title() const override { return "Redlock on 5 nodes: a majority or nothing"; }
    std::string_view expectation() const override
    {
        return "the lock is acquired with 0, 1 and 2 of 5 nodes down, and refused with 3 down";
    }
    std::vector<std::string> requiredKinds() const override { return {"redlock"}; }
    Result<DemoOutcome> run(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
