#include "demo/NaiveRaceScenario.h"

#include "locks/MutualExclusionChecker.h"
#include "locks/lease/ExpiryClock.h"

namespace lockscope {

namespace {
constexpr long long leaseMillis = 300;
}

NaiveRaceScenario::NaiveRaceScenario()
    : DemoScenario("naive-race",
        UserText(LOCKSCOPE_TEXT("DemoScenario",
            "The naive DEL + SETNX recovery race (the one Redis's SETNX page warns against)")),
        UserText(LOCKSCOPE_TEXT("DemoScenario",
            "C1 and C2 both acquire the lock; the checker reports their critical sections overlap")))
{
}

Result<DemoOutcome> NaiveRaceScenario::play(const DemoContext& context, DemoTimeline& timeline)
{
    const std::string key = context.keyPrefix + "lock.foo";
    auto c1 = connectAs(context, "C1");
    auto c2 = connectAs(context, "C2");
    auto c3 = connectAs(context, "C3");
    for (auto* connection : {&c1, &c2, &c3}) {
        if (!*connection)
            return connection->error();
    }
    if (auto cleared = (*c1)->command({"DEL", key}); !cleared)
        return cleared.error();

    timeline.narrate(
        UserText(LOCKSCOPE_TEXT("DemoScenario",
                     "The naive kind: SETNX %1 <expiry>; an expired lock is DELeted, then SETNX again."),
            key));
    auto c3Set = narrated(timeline, "C3", **c3,
        {"SETNX", key, std::to_string(epochMillis() + leaseMillis + 1)}, DemoAction::Acquire);
    if (!c3Set)
        return c3Set.error();
    c3.value().reset();
    timeline.step("C3", DemoAction::Crash,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "crashed holding the lock (it will never DEL it)")), key);
    if (!sleepFor(context, std::chrono::milliseconds(leaseMillis + 150)))
        return makeError(ErrorKind::Usage, "cancelled");
    timeline.step("--", DemoAction::Expire,
        UserText(LOCKSCOPE_TEXT("DemoScenario",
            "C3's timestamp is now in the past: the lock has expired, but the key is still there.")),
        key);

    // Both contenders try, fail, and read the same expired timestamp.
    const std::string c1Expiry = std::to_string(epochMillis() + 30000);
    const std::string c2Expiry = std::to_string(epochMillis() + 30000);
    for (auto [actor, connection, expiry] :
        {std::tuple {"C1", c1->get(), c1Expiry}, std::tuple {"C2", c2->get(), c2Expiry}}) {
        if (auto set = narrated(timeline, actor, *connection, {"SETNX", key, expiry}, DemoAction::Acquire);
            !set)
            return set.error();
    }
    for (auto [actor, connection] : {std::pair {"C1", c1->get()}, std::pair {"C2", c2->get()}}) {
        auto stored = narrated(timeline, actor, *connection, {"GET", key});
        if (!stored)
            return stored.error();
        const auto expiry = stored->isString() ? ExpiryClock::parseExpiry(stored->text()) : std::nullopt;
        if (!expiry || *expiry > epochMillis())
            return DemoOutcome {false,
                UserText(LOCKSCOPE_TEXT("DemoScenario", "%1 did not find an expired timestamp"), actor)};
        timeline.step(actor, DemoAction::Note,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "sees the timestamp expired %1 ms ago"),
                epochMillis() - *expiry));
    }

    MutualExclusionChecker checker;
    long long c1Start = 0;
    long long c2Start = 0;
    if (auto del = narrated(timeline, "C1", **c1, {"DEL", key}, DemoAction::Release); !del)
        return del.error();
    auto c1Got = narrated(timeline, "C1", **c1, {"SETNX", key, c1Expiry}, DemoAction::Acquire);
    if (!c1Got)
        return c1Got.error();
    const bool c1Holds = c1Got->isInteger() && c1Got->integer() == 1;
    if (c1Holds) {
        c1Start = steadyNanos();
        timeline.step("C1", DemoAction::Acquire,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "holds the lock, enters its critical section")));
    }
    if (auto del = narrated(timeline, "C2", **c2, {"DEL", key}, DemoAction::Release); !del)
        return del.error();
    timeline.step("C2", DemoAction::Note,
        UserText(LOCKSCOPE_TEXT(
            "DemoScenario", "has just deleted C1's fresh lock, believing it was C3's expired one")));
    auto c2Got = narrated(timeline, "C2", **c2, {"SETNX", key, c2Expiry}, DemoAction::Acquire);
    if (!c2Got)
        return c2Got.error();
    const bool c2Holds = c2Got->isInteger() && c2Got->integer() == 1;
    if (c2Holds) {
        c2Start = steadyNanos();
        timeline.step("C2", DemoAction::Acquire,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "holds the lock, enters its critical section")));
    }
    sleepFor(context, std::chrono::milliseconds(100));
    if (c1Holds) {
        checker.record({"C1", std::nullopt, c1Start, steadyNanos()});
        timeline.step("C1", DemoAction::Release,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "leaves its critical section")));
        auto released = narrated(timeline, "C1", **c1, {"DEL", key}, DemoAction::Release);
        if (released && released->isInteger() && released->integer() == 1 && c2Holds)
            timeline.step("C1", DemoAction::Note,
                UserText(LOCKSCOPE_TEXT(
                    "DemoScenario", "that DEL removed C2's lock: a naive lock has no owner identity")));
    }
    if (c2Holds) {
        checker.record({"C2", std::nullopt, c2Start, steadyNanos()});
        timeline.step("C2", DemoAction::Release,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "leaves its critical section")));
        (void)narrated(timeline, "C2", **c2, {"DEL", key}, DemoAction::Release);
    }

    const auto report = checker.check();
    timeline.step("checker", DemoAction::Narrate, report.summaryText());
    DemoOutcome outcome;
    outcome.asExpected = c1Holds && c2Holds && !report.exclusive();
    const auto held = [](bool holds) {
        return holds ? UserText(LOCKSCOPE_TEXT("DemoScenario", "held"))
                     : UserText(LOCKSCOPE_TEXT("DemoScenario", "did not hold"));
    };
    outcome.verdict = outcome.asExpected
        ? UserText(
            LOCKSCOPE_TEXT("DemoScenario", "double acquisition: C1 and C2 both held %1 at the same time"),
            key)
        : UserText(
            LOCKSCOPE_TEXT("DemoScenario", "no double acquisition observed (C1 %1, C2 %2, %3 overlaps)"),
            held(c1Holds), held(c2Holds), report.overlaps.size());
    return outcome;
}

} // namespace lockscope
