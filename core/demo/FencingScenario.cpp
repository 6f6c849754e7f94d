#include "demo/FencingScenario.h"

#include "faults/FencedResource.h"
#include "locks/LockFactory.h"

namespace lockscope {

FencingScenario::FencingScenario()
    : DemoScenario("fencing",
        UserText(LOCKSCOPE_TEXT("DemoScenario", "A GC pause past the lease, with and without fencing")),
        UserText(LOCKSCOPE_TEXT("DemoScenario",
            "without fencing C1's late write corrupts the resource; with fencing it is rejected")),
        {LockAlgorithm::Token})
{
}

Result<bool> FencingScenario::playRound(
    const DemoContext& context, DemoTimeline& timeline, FencedResource& resource, const std::string& lockName)
{
    constexpr auto lease = std::chrono::milliseconds(400);
    const LockSpec spec = lockSpec(context, LockAlgorithm::Token, lockName);
    auto clients = contenders(spec);
    if (!clients)
        return clients.error();
    auto& [c1, c2] = *clients;

    AcquireOptions options;
    options.lease = lease;
    options.wait = std::chrono::milliseconds(5000);
    options.cancel = context.cancel;
    auto first = c1->acquire(options);
    if (!first)
        return first.error();
    if (!first->acquired())
        return makeError(ErrorKind::Timeout, "C1 could not acquire " + lockName);
    timeline.step("C1", DemoAction::Acquire,
        UserText(LOCKSCOPE_TEXT("DemoScenario",
                     "acquired %1 (lease %2 ms, fence %3), reads the resource, prepares its write"),
            lockName, static_cast<long long>(lease.count()), fenceText(first->fence)),
        lockName, first->fence);
    timeline.step(
        "C1", DemoAction::Pause, UserText(LOCKSCOPE_TEXT("DemoScenario", "stop-the-world GC pause...")));

    // While C1 is paused its lease runs out; C2 waits for the lock and gets it.
    options.wait = lease + std::chrono::milliseconds(3000);
    auto second = c2->acquire(options);
    if (!second)
        return second.error();
    if (!second->acquired())
        return makeError(ErrorKind::Timeout, "C2 could not acquire " + lockName + " after C1's lease");
    timeline.step("C2", DemoAction::Acquire,
        UserText(
            LOCKSCOPE_TEXT("DemoScenario", "acquired the expired lock (fence %1)"), fenceText(second->fence)),
        lockName, second->fence);
    narratedWrite(timeline, resource, "C2", "C2's value", second->fence, lockName);
    auto c2Released = c2->release();
    if (!c2Released)
        return c2Released.error();
    timeline.step("C2", DemoAction::Release, UserText(LOCKSCOPE_TEXT("DemoScenario", "released the lock")));

    timeline.step("C1", DemoAction::Wake,
        UserText(
            LOCKSCOPE_TEXT("DemoScenario", "wakes up from the pause, still believing it holds the lock")));
    const bool c1Wrote = resource.write("C1", "C1's stale value", first->fence);
    timeline.step("C1", c1Wrote ? DemoAction::WriteAccepted : DemoAction::WriteRejected,
        c1Wrote ? UserText(LOCKSCOPE_TEXT("DemoScenario", "writes \"%1\" with fence %2 -> ACCEPTED"),
            "C1's stale value", fenceText(first->fence))
                : UserText(LOCKSCOPE_TEXT("DemoScenario",
                               "writes \"%1\" with fence %2 -> rejected (fence below the highest seen)"),
                    "C1's stale value", fenceText(first->fence)),
        lockName, first->fence);
    auto c1Released = c1->release();
    if (!c1Released)
        return c1Released.error();
    timeline.step("C1", *c1Released == HoldOutcome::Lost ? DemoAction::Lost : DemoAction::Release,
        *c1Released == HoldOutcome::Lost
            ? UserText(LOCKSCOPE_TEXT("DemoScenario", "release -> lost: the lease had expired"))
            : UserText(LOCKSCOPE_TEXT("DemoScenario", "release -> done")));
    narrateResource(timeline, resource);
    return c1Wrote;
}

Result<DemoOutcome> FencingScenario::play(const DemoContext& context, DemoTimeline& timeline)
{
    timeline.step("--", DemoAction::RoundBegins,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "Round 1: the resource ignores fencing tokens.")));
    FencedResource unfenced(FencedResource::Fences::Ignored);
    auto staleAcceptedUnfenced = playRound(context, timeline, unfenced, context.keyPrefix + "fencing-off");
    if (!staleAcceptedUnfenced)
        return staleAcceptedUnfenced.error();
    const bool corrupted = *staleAcceptedUnfenced && unfenced.value() == "C1's stale value";

    timeline.step("--", DemoAction::RoundBegins,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "Round 2: the resource checks fencing tokens.")));
    FencedResource fenced(FencedResource::Fences::Enforced);
    auto staleAcceptedFenced = playRound(context, timeline, fenced, context.keyPrefix + "fencing-on");
    if (!staleAcceptedFenced)
        return staleAcceptedFenced.error();
    const bool protectedByFence = !*staleAcceptedFenced && fenced.value() == "C2's value";

    DemoOutcome outcome;
    outcome.asExpected = corrupted && protectedByFence;
    outcome.verdict = UserText(
        LOCKSCOPE_TEXT("DemoScenario", "without fencing the stale write was %1; with fencing it was %2"),
        corrupted ? UserText(LOCKSCOPE_TEXT("DemoScenario", "applied (corruption)"))
                  : UserText(LOCKSCOPE_TEXT("DemoScenario", "not applied")),
        protectedByFence ? UserText(LOCKSCOPE_TEXT("DemoScenario", "rejected"))
                         : UserText(LOCKSCOPE_TEXT("DemoScenario", "applied")));
    return outcome;
}

} // namespace lockscope
