#pragma once

#include "stress/DemoScenario.h"

namespace lockscope {

// Scenario 3: the holder of a `token` lock (a child process) is killed; nobody releases the
// lock, but its lease runs out and the waiting C2 gets it, with a higher fencing token.
class TokenCrashScenario final : public DemoScenario
{
public:
    std::string_view name() const override { return "token-crash"; }
    std::string_view title() const override
    {
        return "A token-lock holder crashes: the lease frees the lock";
    }
    std::string_view expectation() const override
    {
        return "C2 cannot take the lock while the dead C1's lease runs, then gets it within the lease, "
               "with a higher fence";
    }
    std::vector<std::string> requiredKinds() const override { return {"token"}; }
    Result<DemoOutcome> run(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
