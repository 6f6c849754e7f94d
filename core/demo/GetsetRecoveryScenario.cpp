#include "demo/GetsetRecoveryScenario.h"

#include "locks/LockFactory.h"
#include "locks/lease/ExpiryClock.h"

#include <barrier>
#include <thread>

namespace lockscope {

namespace {
bool expired(const RedisReply& reply, long long now)
{
    const auto expiry = reply.isString() ? ExpiryClock::parseExpiry(reply.text()) : std::nullopt;
    return expiry && *expiry <= now;
}
} // namespace

GetsetRecoveryScenario::GetsetRecoveryScenario()
    : DemoScenario("getset-recovery",
        UserText(
            LOCKSCOPE_TEXT("DemoScenario", "The SETNX + GETSET recovery of Redis's SETNX page (C4 and C5)")),
        UserText(LOCKSCOPE_TEXT(
            "DemoScenario", "exactly one of C4 and C5 acquires the expired lock, staged and in a real race")),
        {LockAlgorithm::Legacy})
{
}

Result<DemoOutcome> GetsetRecoveryScenario::play(const DemoContext& context, DemoTimeline& timeline)
{
    const std::string key = context.keyPrefix + "lock.foo";
    auto c4 = connectAs(context, "C4");
    auto c5 = connectAs(context, "C5");
    if (!c4)
        return c4.error();
    if (!c5)
        return c5.error();

    timeline.narrate(UserText(
        LOCKSCOPE_TEXT("DemoScenario", "Staged: C3 died holding %1; its timestamp has passed."), key));
    if (auto set = narrated(timeline, "C3", **c4, {"SET", key, std::to_string(epochMillis() - 1000)}); !set)
        return set.error();
    timeline.step(
        "C3", DemoAction::Crash, UserText(LOCKSCOPE_TEXT("DemoScenario", "crashed holding the lock")), key);

    const std::string c4Expiry = std::to_string(epochMillis() + 30000);
    const std::string c5Expiry = std::to_string(epochMillis() + 30001);
    for (auto [actor, connection, expiry] :
        {std::tuple {"C4", c4->get(), c4Expiry}, std::tuple {"C5", c5->get(), c5Expiry}}) {
        if (auto set = narrated(timeline, actor, *connection, {"SETNX", key, expiry}, DemoAction::Acquire);
            !set)
            return set.error();
    }
    for (auto [actor, connection] : {std::pair {"C4", c4->get()}, std::pair {"C5", c5->get()}}) {
        auto stored = narrated(timeline, actor, *connection, {"GET", key});
        if (!stored)
            return stored.error();
        if (!expired(*stored, epochMillis()))
            return DemoOutcome {false,
                UserText(LOCKSCOPE_TEXT("DemoScenario", "%1 did not find an expired timestamp"), actor)};
        timeline.step(actor, DemoAction::Wait,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "sees the lock expired: tries GETSET")));
    }
    // C5 is faster: its GETSET returns C3's expired timestamp; C4's returns C5's fresh one.
    int stagedWinners = 0;
    for (auto [actor, connection, expiry] :
        {std::tuple {"C5", c5->get(), c5Expiry}, std::tuple {"C4", c4->get(), c4Expiry}}) {
        auto old = narrated(timeline, actor, *connection, {"GETSET", key, expiry});
        if (!old)
            return old.error();
        if (expired(*old, epochMillis())) {
            ++stagedWinners;
            timeline.step(actor, DemoAction::Acquire,
                UserText(LOCKSCOPE_TEXT("DemoScenario", "the old value was still expired: holds the lock")));
        } else {
            timeline.step(actor, DemoAction::Refuse,
                UserText(LOCKSCOPE_TEXT(
                    "DemoScenario", "the old value is a fresh timestamp: someone was faster; start over")));
        }
    }
    if (auto set = narrated(timeline, "C4", **c4, {"SETNX", key, c4Expiry}, DemoAction::Acquire); !set)
        return set.error();
    timeline.step("C4", DemoAction::Wait,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "the lock is held and not expired: waits")));
    (void)narrated(timeline, "C5", **c5, {"DEL", key}, DemoAction::Release);

    // The same race for real: two legacy locks, released at the same instant.
    timeline.narrate(UserText(LOCKSCOPE_TEXT(
        "DemoScenario", "Real race: two `legacy` locks on a freshly expired key, started together.")));
    if (auto set = (*c4)->command({"SET", key, std::to_string(epochMillis() - 1000)}); !set)
        return set.error();
    std::vector<std::unique_ptr<DistributedLock>> locks;
    for (int i = 0; i < 2; ++i) {
        auto lock = LockFactory::create(lockSpec(context, LockAlgorithm::Legacy, key));
        if (!lock)
            return lock.error();
        locks.push_back(std::move(lock.value()));
    }
    std::barrier start(2);
    std::vector<std::optional<Result<AcquireResult>>> results(2);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < 2; ++i) {
        threads.emplace_back([&, i] {
            AcquireOptions once;
            once.wait = std::chrono::milliseconds(0);
            once.lease = std::chrono::milliseconds(30000);
            start.arrive_and_wait();
            results[i].emplace(locks[i]->acquire(once));
        });
    }
    for (auto& thread : threads)
        thread.join();
    int racedWinners = 0;
    for (size_t i = 0; i < 2; ++i) {
        const std::string actor = i == 0 ? "C4" : "C5";
        if (!*results[i])
            return results[i]->error();
        const bool won = (*results[i])->acquired();
        racedWinners += won ? 1 : 0;
        timeline.step(actor, won ? DemoAction::Acquire : DemoAction::Refuse,
            won ? UserText(LOCKSCOPE_TEXT("DemoScenario", "acquired the lock"))
                : UserText(LOCKSCOPE_TEXT("DemoScenario", "did not acquire the lock")),
            key, won ? (*results[i])->fence : std::nullopt);
    }
    for (auto& lock : locks)
        (void)lock->release();

    DemoOutcome outcome;
    outcome.asExpected = stagedWinners == 1 && racedWinners == 1;
    outcome.verdict = outcome.asExpected
        ? UserText(LOCKSCOPE_TEXT("DemoScenario",
                       "winners: %1 in the staged race, %2 in the real race: exactly one each time"),
            stagedWinners, racedWinners)
        : UserText(LOCKSCOPE_TEXT("DemoScenario",
                       "winners: %1 in the staged race, %2 in the real race (expected exactly one)"),
            stagedWinners, racedWinners);
    return outcome;
}

} // namespace lockscope
