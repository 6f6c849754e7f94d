#include "demo/FailoverScenario.h"

#include "faults/FailoverSandbox.h"
#include "faults/FencedResource.h"
#include "locks/LockFactory.h"
#include "redis/RedisUrl.h"

namespace lockscope {

FailoverScenario::FailoverScenario()
    : DemoScenario("failover",
        UserText(LOCKSCOPE_TEXT("DemoScenario", "A failover loses a lock; WAIT for the replica keeps it")),
        UserText(LOCKSCOPE_TEXT("DemoScenario",
            "after the promotion two clients hold the lock and the fence rejects the stale write; "
            "with WAIT 1 the lock survives the failover")),
        {LockAlgorithm::Token})
{
}

Status FailoverScenario::failOver(FailoverSandbox& sandbox, DemoTimeline& timeline)
{
    timeline.step("master", DemoAction::NodeDown,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "the master on 127.0.0.1:%1 dies (SIGKILL)"),
            sandbox.master().port()));
    auto failedOver = sandbox.failOver();
    if (!failedOver)
        return failedOver.error();
    timeline.step("replica", DemoAction::NodeUp,
        UserText(LOCKSCOPE_TEXT("DemoScenario",
                     "the sentinel promoted the replica on 127.0.0.1:%1: it is the master now"),
            sandbox.replica().port()));
    return Done {};
}

Result<FailoverScenario::Round> FailoverScenario::playRound(
    const DemoContext& context, DemoTimeline& timeline, Replica replica)
{
    const bool waitForReplica = replica == Replica::WaitedFor;

    constexpr auto lease = std::chrono::milliseconds(30000); // no lease runs out in this story
    constexpr auto replicaTimeout = std::chrono::milliseconds(300);
    auto started = FailoverSandbox::start();
    if (!started)
        return RedisError {
            started.error().kind, "cannot start the failover sandbox: " + started.error().message};
    FailoverSandbox& sandbox = **started;
    timeline.step("master", DemoAction::NodeUp,
        UserText(
            LOCKSCOPE_TEXT("DemoScenario", "sandbox master up on 127.0.0.1:%1"), sandbox.master().port()));
    timeline.step("replica", DemoAction::NodeUp,
        UserText(LOCKSCOPE_TEXT("DemoScenario",
                     "its replica up on 127.0.0.1:%1, and a sentinel; clients find the master through the "
                     "sentinel"),
            sandbox.replica().port()));

    ConnectionOptions base;
    base.connectTimeout = std::chrono::milliseconds(1000);
    base.commandTimeout = std::chrono::milliseconds(5000);
    base.reconnect.maxDelay = std::chrono::milliseconds(100);
    auto connection = parseRedisUrl(sandbox.url(), base);
    if (!connection)
        return connection.error();
    LockSpec spec;
    spec.kind = LockAlgorithm::Token;
    spec.name = context.keyPrefix + (waitForReplica ? "failover-wait" : "failover");
    spec.connection = *connection;
    auto clients = contenders(spec);
    if (!clients)
        return clients.error();
    auto& [c1, c2] = *clients;
    AcquireOptions once;
    once.lease = lease;
    once.wait = std::chrono::milliseconds(0);
    once.cancel = context.cancel;

    // Replication is asynchronous: the replica hears of a write some time after the client
    // got its reply. Held back here so that the story happens every time.
    sandbox.holdBackReplication(true);
    timeline.step("replica", DemoAction::Narrate,
        UserText(
            LOCKSCOPE_TEXT("DemoScenario", "falls behind: the master's writes have not reached it yet")));
    auto first = c1->acquire(once);
    if (!first)
        return first.error();
    if (!first->acquired())
        return makeError(ErrorKind::Internal, "C1 could not take the free lock " + spec.name);
    timeline.step("C1", DemoAction::Acquire,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "acquired %1 on the master (fence %2)"), spec.name,
            fenceText(first->fence)),
        spec.name, first->fence);
    std::optional<long long> c1Fence = first->fence;
    if (waitForReplica) {
        auto confirmed = c1->confirmReplicas(1, replicaTimeout);
        if (!confirmed)
            return confirmed.error();
        const bool confirmedByReplica = *confirmed >= 1;
        timeline.step("C1", confirmedByReplica ? DemoAction::Note : DemoAction::Release,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "WAIT 1 %1 -> %2 replica(s) confirmed%3"),
                static_cast<long long>(replicaTimeout.count()), *confirmed,
                confirmedByReplica
                    ? UserText()
                    : UserText(LOCKSCOPE_TEXT("DemoScenario", ": not safe, released unused"))));
        if (!confirmedByReplica) {
            (void)c1->release();
            sandbox.holdBackReplication(false);
            timeline.step("replica", DemoAction::Narrate,
                UserText(LOCKSCOPE_TEXT("DemoScenario", "catches up with the master")));
            auto again = c1->acquire(once);
            if (!again)
                return again.error();
            if (!again->acquired())
                return makeError(ErrorKind::Internal, "C1 could not take the free lock again");
            auto reconfirmed = c1->confirmReplicas(1, std::chrono::milliseconds(5000));
            if (!reconfirmed)
                return reconfirmed.error();
            timeline.step("C1", DemoAction::Acquire,
                UserText(LOCKSCOPE_TEXT(
                             "DemoScenario", "acquired again (fence %1); WAIT 1 -> %2 replica(s) confirmed"),
                    fenceText(again->fence), *reconfirmed),
                spec.name, again->fence);
            c1Fence = again->fence;
        }
    }
    timeline.step("C1", DemoAction::Pause,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "works on the resource, believing it holds the lock...")));

    if (auto failedOver = failOver(sandbox, timeline); !failedOver)
        return failedOver.error();

    Round round;
    auto second = c2->acquire(once);
    if (!second)
        return second.error();
    FencedResource resource(FencedResource::Fences::Enforced);
    if (second->acquired()) {
        round.secondHolder = true;
        timeline.step("C2", DemoAction::Acquire,
            UserText(LOCKSCOPE_TEXT("DemoScenario",
                         "acquired %1 on the new master (fence %2): the replica never had C1's lock, nor its "
                         "fence"),
                spec.name, fenceText(second->fence)),
            spec.name, second->fence);
        narratedWrite(timeline, resource, "C2", "C2's value", second->fence, spec.name);
    } else {
        timeline.step("C2", DemoAction::Refuse,
            UserText(
                LOCKSCOPE_TEXT("DemoScenario", "refused: the new master has C1's lock (the replica had it)")),
            spec.name);
    }

    timeline.step("C1", DemoAction::Wake, UserText(LOCKSCOPE_TEXT("DemoScenario", "carries on and writes")));
    const bool c1Wrote = resource.write("C1", "C1's value", c1Fence);
    round.staleWriteRejected = !c1Wrote;
    timeline.step("C1", c1Wrote ? DemoAction::WriteAccepted : DemoAction::WriteRejected,
        c1Wrote ? UserText(LOCKSCOPE_TEXT("DemoScenario", "writes \"%1\" with fence %2 -> accepted"),
            "C1's value", fenceText(c1Fence))
                : UserText(LOCKSCOPE_TEXT("DemoScenario",
                               "writes \"%1\" with fence %2 -> rejected (fence not above the highest seen)"),
                    "C1's value", fenceText(c1Fence)),
        spec.name, c1Fence);
    auto released = c1->release();
    if (released) {
        timeline.step("C1", *released == HoldOutcome::Lost ? DemoAction::Lost : DemoAction::Release,
            *released == HoldOutcome::Lost ? UserText(
                LOCKSCOPE_TEXT("DemoScenario", "release -> lost: the new master never had its hold"))
                                           : UserText(LOCKSCOPE_TEXT("DemoScenario", "release -> done")));
    } else {
        timeline.step("C1", DemoAction::Lost,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "release failed: %1"), released.error().message));
    }
    if (round.secondHolder)
        (void)c2->release();
    narrateResource(timeline, resource);
    return round;
}

Result<DemoOutcome> FailoverScenario::play(const DemoContext& context, DemoTimeline& timeline)
{
    timeline.step("--", DemoAction::RoundBegins,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "Round 1: acquire, and trust the reply.")));
    auto lost = playRound(context, timeline, Replica::NotWaitedFor);
    if (!lost)
        return lost.error();
    timeline.step("--", DemoAction::RoundBegins,
        UserText(LOCKSCOPE_TEXT("DemoScenario", "Round 2: acquire, then WAIT until the replica has it.")));
    auto kept = playRound(context, timeline, Replica::WaitedFor);
    if (!kept)
        return kept.error();

    DemoOutcome outcome;
    outcome.asExpected = lost->secondHolder && lost->staleWriteRejected && !kept->secondHolder;
    outcome.verdict = UserText(LOCKSCOPE_TEXT("DemoScenario", "without WAIT: %1; with WAIT 1: %2"),
        lost->secondHolder
            ? UserText(LOCKSCOPE_TEXT("DemoScenario", "two holders after the failover, the stale write %1"),
                lost->staleWriteRejected ? UserText(LOCKSCOPE_TEXT("DemoScenario", "rejected by the fence"))
                                         : UserText(LOCKSCOPE_TEXT("DemoScenario", "accepted")))
            : UserText(LOCKSCOPE_TEXT("DemoScenario", "the lock survived")),
        kept->secondHolder ? UserText(LOCKSCOPE_TEXT("DemoScenario", "the lock was lost"))
                           : UserText(LOCKSCOPE_TEXT("DemoScenario", "the lock survived the failover")));
    return outcome;
}

} // namespace lockscope
