#pragma once

#include "demo/DemoScenario.h"

namespace lockscope {

// Scenario 3: the holder of a `token` lock (a child process) is killed; nobody releases the
// lock, but its lease runs out and the waiting C2 gets it, with a higher fencing token.
class TokenCrashScenario final : public DemoScenario
{
public:
    TokenCrashScenario();

private:
    Result<DemoOutcome> play(const DemoContext& context, DemoTimeline& timeline) override;
};

} // namespace lockscope
