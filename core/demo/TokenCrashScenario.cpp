#include "demo/TokenCrashScenario.h"

#include "faults/CrashingHolder.h"

namespace lockscope {

namespace {
constexpr auto lease = std::chrono::milliseconds(1500);
}

TokenCrashScenario::TokenCrashScenario()
    : DemoScenario("token-crash",
        UserText(LOCKSCOPE_TEXT("DemoScenario", "A token-lock holder crashes: the lease frees the lock")),
        UserText(LOCKSCOPE_TEXT("DemoScenario",
            "C2 cannot take the lock while the dead C1's lease runs, then gets it within the lease, with a "
            "higher fence")),
        {LockAlgorithm::Token})
{
}

Result<DemoOutcome> TokenCrashScenario::play(const DemoContext& context, DemoTimeline& timeline)
{
    const LockSpec spec = lockSpec(context, LockAlgorithm::Token, context.keyPrefix + "token-crash");
    auto started = startDoomedHold(context, spec, lease, Renewal::None);
    if (!started)
        return started.error();
    auto& [observer, c1] = *started;
    timeline.step("C1", DemoAction::Acquire,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "%1 -> OK (process %2, fence %3)"),
            "SET " + spec.name + " <token> NX PX " + std::to_string(lease.count()),
            static_cast<long long>(c1->pid()), c1->fence() ? std::to_string(*c1->fence()) : "-"),
        spec.name, c1->fence());

    auto lockOf = LockFactory::create(spec);
    if (!lockOf)
        return lockOf.error();
    DistributedLock& c2 = **lockOf;
    AcquireOptions once;
    once.lease = std::chrono::milliseconds(10000);
    once.wait = std::chrono::milliseconds(0);
    auto early = c2.acquire(once);
    if (!early)
        return early.error();
    timeline.step("C2", early->acquired() ? DemoAction::Acquire : DemoAction::Refuse,
        early->acquired() ? UserText(LOCKSCOPE_TEXT("DemoScenario", "tries once: acquired (!)"))
                          : UserText(LOCKSCOPE_TEXT("DemoScenario", "tries once: refused, C1 holds it")),
        spec.name, early->fence);

    c1->crash();
    auto left = pttl(*observer, spec.name);
    if (!left)
        return left.error();
    timeline.step("C1", DemoAction::Crash,
        UserText(
            LOCKSCOPE_TEXT("DemoScenario", "crashed (SIGKILL) holding the lock; PTTL %1 ms left"), *left),
        spec.name);

    AcquireOptions waiting;
    waiting.lease = std::chrono::milliseconds(10000);
    waiting.wait = lease + std::chrono::milliseconds(3000);
    waiting.cancel = context.cancel;
    timeline.step("C2", DemoAction::Wait, UserText(LOCKSCOPE_TEXT("DemoScenario", "waits for the lock")));
    const auto asked = std::chrono::steady_clock::now();
    auto later = c2.acquire(waiting);
    if (!later)
        return later.error();
    const auto waited
        = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked);
    const bool acquired = later->acquired();
    const bool fenceRose = acquired && later->fence && c1->fence() && *later->fence > *c1->fence();
    const long long waitedMs = waited.count();
    timeline.step("C2", acquired ? DemoAction::Acquire : DemoAction::Refuse,
        acquired ? UserText(LOCKSCOPE_TEXT("DemoScenario", "acquired the lock after %1 ms, fence %2"),
            waitedMs, later->fence ? std::to_string(*later->fence) : "-")
                 : UserText(LOCKSCOPE_TEXT("DemoScenario", "gave up after %1 ms"), waitedMs),
        spec.name, later->fence);
    if (acquired)
        (void)c2.release();

    DemoOutcome outcome;
    // Within the lease (plus the polling back-off of at most 200 ms and a busy machine's slack).
    const bool withinLease = waited <= lease + std::chrono::milliseconds(1000);
    outcome.asExpected = !early->acquired() && acquired && withinLease && fenceRose;
    if (outcome.asExpected) {
        outcome.verdict = UserText(
            LOCKSCOPE_TEXT("DemoScenario",
                "the dead holder's lease expired and C2 got the lock after %1 ms with a higher fence"),
            waitedMs);
        return outcome;
    }
    std::vector<UserText> findings;
    if (early->acquired())
        findings.emplace_back(LOCKSCOPE_TEXT("DemoScenario", "C2 took a live lock; "));
    if (!acquired)
        findings.emplace_back(LOCKSCOPE_TEXT("DemoScenario", "C2 never got the lock; "));
    if (!withinLease)
        findings.emplace_back(LOCKSCOPE_TEXT("DemoScenario", "C2 waited longer than the lease; "));
    if (!fenceRose)
        findings.emplace_back(LOCKSCOPE_TEXT("DemoScenario", "the fence did not rise"));
    UserText listed;
    for (auto& finding : findings) // each finding ends in its own separator: the list is their sequence
        listed = listed.empty()
            ? std::move(finding)
            : UserText(LOCKSCOPE_TEXT("DemoScenario", "%1%2"), std::move(listed), std::move(finding));
    outcome.verdict = UserText(LOCKSCOPE_TEXT("DemoScenario", "unexpected: %1"), std::move(listed));
    return outcome;
}

} // namespace lockscope
