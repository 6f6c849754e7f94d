#include "locks/waiting/PollingWait.h"

#include "locks/primitives/HolderToken.h"

#include <algorithm>
#include <optional>
#include <thread>

namespace lockscope {

namespace {
using SteadyClock = std::chrono::steady_clock;

// Sleeps in short slices so that a cancellation is noticed quickly.
void sleepUntil(SteadyClock::time_point until, const CancellationToken* cancel)
{
    constexpr auto slice = std::chrono::milliseconds(10);
    for (;;) {
        if (cancel && cancel->isCancelled())
            return;
        const auto now = SteadyClock::now();
        if (now >= until)
            return;
        std::this_thread::sleep_for(std::min<SteadyClock::duration>(slice, until - now));
    }
}
} // namespace

Result<AcquireResult> PollingWait::run(const AcquireOptions& options, const Attempt& attempt,
    const std::vector<WaiterRegistry*>& registrations, std::mutex* connectionGuard, Backoff backoff)
{
    auto guarded = [connectionGuard](auto&& work) {
        if (!connectionGuard)
            return work();
        std::lock_guard guard(*connectionGuard);
        return work();
    };
    const auto started = SteadyClock::now();
    std::optional<SteadyClock::time_point> deadline;
    if (options.wait)
        deadline = started + *options.wait;
    auto finish = [&](AcquireOutcome outcome) {
        guarded([&] {
            for (auto* registration : registrations)
                (void)registration->leave();
        });
        AcquireResult result;
        result.outcome = outcome;
        result.waited = std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - started);
        return result;
    };
    auto cancelled = [&] { return options.cancel && options.cancel->isCancelled(); };

    auto delay = backoff.first;
    bool registered = false;
    for (;;) {
        if (cancelled())
            return finish(AcquireOutcome::Cancelled);
        auto acquired = guarded([&] { return attempt(); });
        if (!acquired) {
            finish(AcquireOutcome::TimedOut);
            return acquired.error();
        }
        if (*acquired)
            return finish(AcquireOutcome::Acquired);
        const auto now = SteadyClock::now();
        if (deadline && now >= *deadline)
            return finish(AcquireOutcome::TimedOut);

        guarded([&] {
            for (auto* registration : registrations)
                (void)(registered ? registration->refreshIfDue() : registration->enter());
        });
        registered = true;

        auto until = now + HolderToken::jitter(delay / 2, delay);
        if (deadline)
            until = std::min(until, *deadline);
        sleepUntil(until, options.cancel);
        delay = std::min(delay * 2, backoff.max);
        // One last attempt happens at the deadline itself: a lock freed during the final
        // sleep is still taken.
    }
}

} // namespace lockscope
