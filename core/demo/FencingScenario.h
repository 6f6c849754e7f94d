#pragma once

#include "demo/DemoScenario.h"

namespace lockscope {

class FencedResource;

// Scenario 4: C1 holds a `token` lock, then pauses past its lease (a GC pause); C2 takes the
// expired lock and writes; C1 wakes up and writes too, unaware. Played twice: against a
// resource that ignores fencing tokens (C1's stale write overwrites C2's: corruption), and
// against one that checks them (C1's lower token is rejected).
class FencingScenario final : public DemoScenario
{
public:
    FencingScenario();

private:
    Result<DemoOutcome> play(const DemoContext& context, DemoTimeline& timeline) override;

    // One round; returns whether C1's stale write was accepted.
    Result<bool> playRound(const DemoContext& context, DemoTimeline& timeline, FencedResource& resource,
        const std::string& lockName);
};

} // namespace lockscope
