#include "demo/FairVsUnfairScenario.h"

#include "locks/LockFactory.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <thread>

namespace lockscope {

namespace {
constexpr auto hold = std::chrono::milliseconds(30);
constexpr auto queueGap = std::chrono::milliseconds(120);
constexpr auto contention = std::chrono::milliseconds(1500);
const std::vector<std::string> actors = {"G", "W1", "W2", "W3"};
} // namespace

FairVsUnfairScenario::FairVsUnfairScenario()
    : DemoScenario("fair-vs-unfair",
        UserText(LOCKSCOPE_TEXT("DemoScenario", "Fair vs unfair: starvation, then FIFO")),
        UserText(LOCKSCOPE_TEXT("DemoScenario",
            "under the unfair kind G takes at least half of all acquisitions; under `fair` the waiters get "
            "the "
            "lock in the order they queued and G no more than its share")),
        {LockAlgorithm::Legacy, LockAlgorithm::Fair})
{
}

Result<FairVsUnfairScenario::Round> FairVsUnfairScenario::playRound(
    const DemoContext& context, DemoTimeline& timeline, LockAlgorithm kind)
{
    const LockSpec spec
        = lockSpec(context, kind, context.keyPrefix + "fairness-" + std::string(lockAlgorithmName(kind)));
    std::vector<std::unique_ptr<DistributedLock>> locks;
    for (size_t i = 0; i < actors.size(); ++i) {
        auto lock = LockFactory::create(spec);
        if (!lock)
            return lock.error();
        locks.push_back(std::move(lock.value()));
    }

    CancellationToken stop;
    std::mutex mutex;
    std::vector<std::string> order;
    std::optional<RedisError> failure;
    std::atomic<bool> waitersQueued {false};
    std::atomic<bool> greedyHolds {false};

    auto client = [&](size_t index) {
        const std::string& actor = actors[index];
        bool first = true;
        while (!stop.isCancelled()) {
            AcquireOptions options;
            options.lease = std::chrono::milliseconds(10000);
            options.wait = std::nullopt;
            options.cancel = &stop;
            auto acquired = locks[index]->acquire(options);
            if (!acquired) {
                std::lock_guard guard(mutex);
                failure = acquired.error();
                stop.cancel();
                return;
            }
            if (!acquired->acquired())
                return;
            {
                std::lock_guard guard(mutex);
                order.push_back(actor);
            }
            if (index == 0 && first) {
                // G holds until every waiter has queued behind it.
                greedyHolds = true;
                timeline.step(actor, DemoAction::Acquire,
                    UserText(LOCKSCOPE_TEXT("DemoScenario", "acquired %1 first"), spec.name), spec.name,
                    acquired->fence);
                while (!waitersQueued && !stop.isCancelled())
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
            } else {
                std::this_thread::sleep_for(hold);
            }
            first = false;
            (void)locks[index]->release();
        }
    };

    std::vector<std::thread> threads;
    threads.emplace_back(client, 0);
    while (!greedyHolds && !stop.isCancelled())
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    for (size_t i = 1; i < actors.size(); ++i) {
        threads.emplace_back(client, i);
        timeline.step(
            actors[i], DemoAction::Wait, UserText(LOCKSCOPE_TEXT("DemoScenario", "starts waiting")));
        sleepFor(context, queueGap);
    }
    timeline.step("G", DemoAction::ReleaseAndAskAgain,
        UserText(LOCKSCOPE_TEXT("DemoScenario",
                     "releases and immediately asks again, %1 ms of contention begins (each hold %2 ms)"),
            static_cast<long long>(contention.count()), static_cast<long long>(hold.count())));
    waitersQueued = true;
    sleepFor(context, contention);
    stop.cancel();
    for (auto& thread : threads)
        thread.join();
    if (failure)
        return *failure;

    Round round;
    round.order = order;
    std::map<std::string, int> counts;
    for (const auto& actor : order)
        ++counts[actor];
    std::string shares;
    for (const auto& actor : actors)
        shares += (shares.empty() ? "" : ", ") + actor + " " + std::to_string(counts[actor]);
    round.greedyShare
        = order.empty() ? 0 : static_cast<double>(counts["G"]) / static_cast<double>(order.size());
    // Starvation is about the least-served client, whoever grabbed the lock most: under polling
    // one waiter can happen to win the race as often as G does while the others get nothing.
    const double fairShare = static_cast<double>(order.size()) / static_cast<double>(actors.size());
    round.leastServedShare = fairShare;
    for (const auto& actor : actors)
        round.leastServedShare = std::min(round.leastServedShare, static_cast<double>(counts[actor]));
    round.leastServedShare = fairShare > 0 ? round.leastServedShare / fairShare : 0;
    std::string firstOnes;
    for (size_t i = 0; i < order.size() && i < 8; ++i)
        firstOnes += (firstOnes.empty() ? "" : " ") + order[i];
    timeline.step("counts", DemoAction::RoundEnds,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "%1: %2 acquisitions; order: %3 ..."),
            std::string(lockAlgorithmName(kind)), shares, firstOnes));
    return round;
}

Result<DemoOutcome> FairVsUnfairScenario::play(const DemoContext& context, DemoTimeline& timeline)
{
    timeline.step("--", DemoAction::RoundBegins,
        UserText(LOCKSCOPE_TEXT(
            "DemoScenario", "Round 1: the unfair `legacy` kind (SETNX; waiters poll with back-off).")));
    auto unfair = playRound(context, timeline, LockAlgorithm::Legacy);
    if (!unfair)
        return unfair.error();
    timeline.step("--", DemoAction::RoundBegins,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "Round 2: the `fair` kind (a FIFO queue of waiters).")));
    auto fair = playRound(context, timeline, LockAlgorithm::Fair);
    if (!fair)
        return fair.error();

    // Someone got less than a quarter of a fair share under the unfair kind.
    const bool starved = unfair->leastServedShare < 0.25;
    const std::vector<std::string> queued(actors.begin() + 1, actors.end());
    const bool fifo = fair->order.size() >= 1 + queued.size()
        && std::equal(queued.begin(), queued.end(), fair->order.begin() + 1);
    const bool fairShare = fair->greedyShare <= 0.4;
    DemoOutcome outcome;
    outcome.asExpected = starved && fifo && fairShare;
    outcome.verdict
        = UserText(LOCKSCOPE_TEXT("DemoScenario",
                       "unfair: G took %1% of the acquisitions, the least-served client %2% of a fair "
                       "share %3; fair: %4, G took %5%"),
            static_cast<int>(unfair->greedyShare * 100), static_cast<int>(unfair->leastServedShare * 100),
            starved ? UserText(LOCKSCOPE_TEXT("DemoScenario", "(starved)"))
                    : UserText(LOCKSCOPE_TEXT("DemoScenario", "(no starvation seen)")),
            fifo ? UserText(LOCKSCOPE_TEXT("DemoScenario", "the waiters got it in queue order"))
                 : UserText(LOCKSCOPE_TEXT("DemoScenario", "NOT in queue order")),
            static_cast<int>(fair->greedyShare * 100));
    return outcome;
}

} // namespace lockscope
