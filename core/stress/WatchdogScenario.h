#pragma once

#include "stress/DemoScenario.h"

namespace lockscope {

// Scenario 5: a long job (three leases long) under a `reentrant` lock whose watchdog renews it
// every lease/3; the lock stays held throughout. Then the holder process is killed: renewals
// stop, and the lock frees within one lease, after which C2 gets it.
class WatchdogScenario final : public DemoScenario
{
public:
    std::string_view name() const override { return "watchdog"; }
    std::string_view title() const override
    {
        return "A long job kept alive by the watchdog, then its holder dies";
    }
    std::string_view expectation() const override
    {
        return "the lock stays held for three leases while the holder lives, and frees within one lease "
               "after it dies";
    }
    std::vector<std::string> requiredKinds() const override { return {"reentrant"}; }
    Result<DemoOutcome> run(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
