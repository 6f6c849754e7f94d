#include "demo/WatchdogScenario.h"

#include "faults/CrashingHolder.h"

namespace lockscope {

namespace {
constexpr auto lease = std::chrono::milliseconds(1200);
}

WatchdogScenario::WatchdogScenario()
    : DemoScenario("watchdog",
        UserText(
            LOCKSCOPE_TEXT("DemoScenario", "A long job kept alive by the watchdog, then its holder dies")),
        UserText(LOCKSCOPE_TEXT("DemoScenario",
            "the lock stays held for three leases while the holder lives, and frees within one lease after "
            "it "
            "dies")),
        {LockAlgorithm::Reentrant})
{
}

Result<DemoOutcome> WatchdogScenario::play(const DemoContext& context, DemoTimeline& timeline)
{
    const LockSpec spec = lockSpec(context, LockAlgorithm::Reentrant, context.keyPrefix + "watchdog");
    auto started = startDoomedHold(context, spec, lease, Renewal::Watchdog);
    if (!started)
        return started.error();
    auto& [observer, c1] = *started;
    timeline.step("C1", DemoAction::Acquire,
        UserText(LOCKSCOPE_TEXT("DemoScenario",
                     "acquired %1 with a %2 ms lease and the watchdog on (process %3); starts a long job"),
            spec.name, static_cast<long long>(lease.count()), static_cast<long long>(c1->pid())),
        spec.name, c1->fence());

    // Watch the lock for three leases: the watchdog must keep it there all the time.
    bool heldThroughout = true;
    const auto jobStart = std::chrono::steady_clock::now();
    auto nextReport = jobStart + lease / 2;
    while (std::chrono::steady_clock::now() - jobStart < 3 * lease) {
        auto reply = pttl(*observer, spec.name);
        if (!reply)
            return reply.error();
        const long long left = *reply;
        if (left <= 0) {
            heldThroughout = false;
            timeline.step("observer", DemoAction::Expire,
                UserText(LOCKSCOPE_TEXT("DemoScenario", "the lock is gone while its holder lives (PTTL %1)"),
                    left));
            break;
        }
        if (std::chrono::steady_clock::now() >= nextReport) {
            const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - jobStart);
            timeline.step("observer", DemoAction::Narrate,
                UserText(LOCKSCOPE_TEXT(
                             "DemoScenario", "after %1 ms still held, PTTL %2 ms (renewed by the watchdog)"),
                    static_cast<long long>(elapsed.count()), left));
            nextReport += lease / 2;
        }
        if (!sleepFor(context, std::chrono::milliseconds(50)))
            return makeError(ErrorKind::Usage, "cancelled");
    }

    c1->crash();
    const auto died = std::chrono::steady_clock::now();
    timeline.step("C1", DemoAction::Crash,
        UserText(LOCKSCOPE_TEXT(
            "DemoScenario", "killed (SIGKILL) in the middle of the job: no release, no more renewals")),
        spec.name);
    bool freed = false;
    while (std::chrono::steady_clock::now() - died < 3 * lease) {
        auto exists = observer->command({"EXISTS", spec.name});
        if (!exists)
            return exists.error();
        if (exists->isInteger() && exists->integer() == 0) {
            freed = true;
            break;
        }
        if (!sleepFor(context, std::chrono::milliseconds(20)))
            return makeError(ErrorKind::Usage, "cancelled");
    }
    const auto freedAfter
        = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - died);
    const long long freedAfterMs = freedAfter.count();
    timeline.step("observer", freed ? DemoAction::Expire : DemoAction::Narrate,
        freed
            ? UserText(
                LOCKSCOPE_TEXT("DemoScenario", "the lock freed %1 ms after the holder died"), freedAfterMs)
            : UserText(LOCKSCOPE_TEXT("DemoScenario", "the lock is still there %1 ms later"), freedAfterMs));

    auto c2 = LockFactory::create(spec);
    if (!c2)
        return c2.error();
    AcquireOptions once;
    once.lease = lease;
    once.wait = std::chrono::milliseconds(1000);
    auto taken = (*c2)->acquire(once);
    if (!taken)
        return taken.error();
    timeline.step("C2", taken->acquired() ? DemoAction::Acquire : DemoAction::Refuse,
        taken->acquired() ? UserText(LOCKSCOPE_TEXT("DemoScenario", "acquired the lock"))
                          : UserText(LOCKSCOPE_TEXT("DemoScenario", "could not acquire the lock")),
        spec.name, taken->fence);
    if (taken->acquired())
        (void)(*c2)->release();

    DemoOutcome outcome;
    // "Within one lease", with 300 ms for polling and a busy machine.
    const bool withinLease = freed && freedAfter <= lease + std::chrono::milliseconds(300);
    outcome.asExpected = heldThroughout && withinLease && taken->acquired();
    outcome.verdict = UserText(LOCKSCOPE_TEXT("DemoScenario", "%1; %2; %3"),
        heldThroughout ? UserText(LOCKSCOPE_TEXT("DemoScenario", "held for three leases by the watchdog"))
                       : UserText(LOCKSCOPE_TEXT("DemoScenario", "NOT held throughout the job")),
        withinLease
            ? UserText(LOCKSCOPE_TEXT("DemoScenario", "freed %1 ms after the holder died"), freedAfterMs)
            : UserText(LOCKSCOPE_TEXT("DemoScenario", "NOT freed within one lease of the holder's death")),
        taken->acquired() ? UserText(LOCKSCOPE_TEXT("DemoScenario", "C2 got it"))
                          : UserText(LOCKSCOPE_TEXT("DemoScenario", "C2 did not get it")));
    return outcome;
}

} // namespace lockscope
