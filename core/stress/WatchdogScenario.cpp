#include "stress/WatchdogScenario.h"

#include "stress/CrashingHolder.h"

namespace lockscope {

namespace {
constexpr auto lease = std::chrono::milliseconds(1200);
}

WatchdogScenario::WatchdogScenario()
    : DemoScenario("watchdog", "A long job kept alive by the watchdog, then its holder dies",
        "the lock stays held for three leases while the holder lives, and frees within one lease after it "
        "dies",
        {"reentrant"})
{
}

Result<DemoOutcome> WatchdogScenario::run(const DemoContext& context, DemoTimeline& timeline)
{
    if (auto kinds = checkKinds(); !kinds)
        return kinds.error();
    const LockSpec spec = lockSpec(context, "reentrant", context.keyPrefix + "watchdog");
    auto observer = connectClearing(context, "observer", spec.name);
    if (!observer)
        return observer.error();

    AcquireOptions options;
    options.lease = lease;
    options.wait = std::chrono::milliseconds(5000);
    options.watchdog = true;
    auto c1 = CrashingHolder::start(spec, options, std::chrono::milliseconds(10000));
    if (!c1)
        return c1.error();
    timeline.step("C1",
        "acquired " + spec.name + " with a " + std::to_string(lease.count())
            + " ms lease and the watchdog on (process " + std::to_string((*c1)->pid())
            + "); starts a long job");

    // Watch the lock for three leases: the watchdog must keep it there all the time.
    bool heldThroughout = true;
    const auto jobStart = std::chrono::steady_clock::now();
    auto nextReport = jobStart + lease / 2;
    while (std::chrono::steady_clock::now() - jobStart < 3 * lease) {
        auto pttl = (*observer)->command({"PTTL", spec.name});
        if (!pttl)
            return pttl.error();
        const long long left = pttl->isInteger() ? pttl->integer() : -2;
        if (left <= 0) {
            heldThroughout = false;
            timeline.step(
                "observer", "the lock is gone while its holder lives (PTTL " + std::to_string(left) + ")");
            break;
        }
        if (std::chrono::steady_clock::now() >= nextReport) {
            const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - jobStart);
            timeline.step("observer",
                "after " + std::to_string(elapsed.count()) + " ms still held, PTTL " + std::to_string(left)
                    + " ms (renewed by the watchdog)");
            nextReport += lease / 2;
        }
        if (!sleepFor(context, std::chrono::milliseconds(50)))
            return makeError(ErrorKind::Usage, "cancelled");
    }

    (*c1)->crash();
    const auto died = std::chrono::steady_clock::now();
    timeline.step("C1", "killed (SIGKILL) in the middle of the job: no release, no more renewals");
    bool freed = false;
    while (std::chrono::steady_clock::now() - died < 3 * lease) {
        auto exists = (*observer)->command({"EXISTS", spec.name});
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
    timeline.step("observer",
        freed ? "the lock freed " + std::to_string(freedAfter.count()) + " ms after the holder died"
              : "the lock is still there " + std::to_string(freedAfter.count()) + " ms later");

    auto c2 = LockFactory::create(spec);
    if (!c2)
        return c2.error();
    AcquireOptions once;
    once.lease = lease;
    once.wait = std::chrono::milliseconds(1000);
    auto taken = (*c2)->acquire(once);
    if (!taken)
        return taken.error();
    timeline.step("C2", taken->acquired() ? "acquired the lock" : "could not acquire the lock");
    if (taken->acquired())
        (void)(*c2)->release();

    DemoOutcome outcome;
    // "Within one lease", with 300 ms for polling and a busy machine.
    const bool withinLease = freed && freedAfter <= lease + std::chrono::milliseconds(300);
    outcome.asExpected = heldThroughout && withinLease && taken->acquired();
    outcome.verdict = std::string(heldThroughout ? "held for three leases by the watchdog"
                                                 : "NOT held throughout the job")
        + "; "
        + (withinLease ? "freed " + std::to_string(freedAfter.count()) + " ms after the holder died"
                       : "NOT freed within one lease of the holder's death")
        + (taken->acquired() ? "; C2 got it" : "; C2 did not get it");
    return outcome;
}

} // namespace lockscope
