#include "locks/waiting/HandoffDesk.h"

#include <QtTest>

#include <future>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

// The in-process bookkeeping of a handoff, without Redis: who may be offered the lock, and
// that a waiter never stops waiting without learning of a grant in flight. (The handoff
// itself, against a real server, is specified in tst_ReentrantLock and tst_FairLock.)
class tst_HandoffDesk : public QObject
{
    Q_OBJECT

private slots:
    void offersOnlyReadySeatsTheFirstToJoinFirst()
    {
        HandoffDesk desk;
        const auto first = desk.join("lock", "a:1", 1000ms);
        const auto second = desk.join("lock", "b:1", 2000ms);
        const auto third = desk.join("lock", "c:1", 3000ms);
        QVERIFY(desk.offer(2).empty()); // nobody is subscribed yet
        desk.markReady(third);
        desk.markReady(second);
        desk.markReady(first);
        auto offered = desk.offer(2);
        QCOMPARE(offered.size(), size_t(2));
        QCOMPARE(offered[0].seat, first);
        QCOMPARE(offered[0].field, std::string("a:1"));
        QCOMPARE(offered[0].lease, 1000ms);
        QCOMPARE(offered[1].seat, second);
        QVERIFY(offered[0].grantChannel != offered[1].grantChannel);
        QCOMPARE(desk.readyCount(), size_t(1)); // the third, not offered twice
        desk.settle(offered, std::nullopt, 0, false);
        QCOMPARE(desk.readyCount(), size_t(3));
    }

    void grantChannelsAreUniqueToOneWait()
    {
        HandoffDesk desk;
        const auto once = desk.join("lock", "a:1", 1000ms);
        const std::string channel = desk.grantChannelOf(once);
        (void)desk.leave(once);
        const auto again = desk.join("lock", "a:1", 1000ms);
        QVERIFY(channel.rfind("lockscope:handoff:{lock}:a:1:", 0) == 0);
        QVERIFY(desk.grantChannelOf(again) != channel);
    }

    void aWaiterLeavingDuringAnOfferLearnsItWasGranted()
    {
        HandoffDesk desk;
        const auto seat = desk.join("lock", "a:1", 1000ms);
        desk.markReady(seat);
        auto offered = desk.offer(1);
        QCOMPARE(offered.size(), size_t(1));
        auto leaving = std::async(std::launch::async, [&] { return desk.leave(seat); });
        QCOMPARE(leaving.wait_for(100ms), std::future_status::timeout); // waits for the settle
        desk.settle(offered, seat, 42, false);
        const auto grant = leaving.get();
        QVERIFY(grant.granted);
        QCOMPARE(grant.fence, 42LL);
    }

    void aWaiterAboutToLookWaitsOutAnOfferAndLearnsItWasNotChosen()
    {
        HandoffDesk desk;
        const auto seat = desk.join("lock", "a:1", 1000ms);
        desk.markReady(seat);
        auto offered = desk.offer(1);
        auto looking = std::async(std::launch::async, [&] { return desk.markBusy(seat); });
        QCOMPARE(looking.wait_for(100ms), std::future_status::timeout);
        desk.settle(offered, std::nullopt, 0, false);
        const auto grant = looking.get();
        QVERIFY(!grant.granted);
        QVERIFY(!grant.unknown);
        QVERIFY(desk.offer(1).empty()); // busy now: not offered until ready again
    }

    void aFailedHandoffScriptLeavesTheOfferedSeatsUnsure()
    {
        HandoffDesk desk;
        const auto seat = desk.join("lock", "a:1", 1000ms);
        desk.markReady(seat);
        auto offered = desk.offer(1);
        desk.settle(offered, std::nullopt, 0, true);
        const auto grant = desk.markBusy(seat);
        QVERIFY(grant.unknown);
        QVERIFY(!desk.markBusy(seat).unknown); // said once; the waiter asks Redis then
    }

    void theGiverRunsTheChosenSeatsCallbackEvenWhenItLeftFirst()
    {
        HandoffDesk desk;
        int calls = 0;
        const auto seat = desk.join("lock", "a:1", 1000ms, [&calls] { ++calls; });
        desk.markReady(seat);
        auto offered = desk.offer(1);
        (void)desk.leave(seat, true); // it read its grant message before the giver settled
        desk.settle(offered, seat, 7, false);
        QCOMPARE(calls, 1);
    }

    void aSeatMaySkipItsFirstLookOnlyWhileAHoldOfThisProcessIsNoted()
    {
        HandoffDesk desk;
        const auto seat = desk.join("lock", "a:1", 1000ms);
        QVERIFY(!desk.readyIfHeldHere(seat));
        desk.noteHeldHere(500ms);
        auto leaseLeft = desk.readyIfHeldHere(seat);
        QVERIFY(leaseLeft);
        QVERIFY(*leaseLeft <= 500ms);
        QCOMPARE(desk.readyCount(), size_t(1));
        auto offered = desk.offer(1); // the holder releases: no hold of ours any more...
        const auto other = desk.join("lock", "b:1", 1000ms);
        QVERIFY(!desk.readyIfHeldHere(other));
        desk.settle(offered, seat, 9, false); // ...until the handoff made the seat the holder
        QVERIFY(desk.readyIfHeldHere(other));
    }

    void aLateSettleDoesNotNoteAHoldItsNewHolderAlreadyEnded()
    {
        // The grant message can reach the new holder before the giver reads its own reply: the
        // new holder leaves, notes its hold, and releases it before the giver settles.
        HandoffDesk desk;
        const auto first = desk.join("lock", "a:1", 30000ms);
        const auto next = desk.join("lock", "b:1", 30000ms);
        desk.markReady(first);
        auto offered = desk.offer(2);
        QCOMPARE(offered.size(), size_t(1));
        (void)desk.leave(first, true);
        desk.noteHeldHere(30000ms);
        QVERIFY(desk.offer(2).empty()); // its release: the next seat is not ready yet

        desk.settle(offered, first, 7, false);
        // Nothing holds the lock: the next seat must look at Redis, not sleep out a lease.
        QVERIFY(!desk.readyIfHeldHere(next));
    }

    void consecutiveHandoffsAreCountedUntilAReleaseHandsNothingOver()
    {
        HandoffDesk desk;
        for (int i = 0; i < 3; ++i) {
            const auto seat = desk.join("lock", "a:1", 1000ms);
            desk.markReady(seat);
            auto offered = desk.offer(1);
            desk.settle(offered, seat, i, false);
            (void)desk.leave(seat, true);
        }
        QCOMPARE(desk.handoffStreak(), 3);
        desk.settle({}, std::nullopt, 0, false);
        QCOMPARE(desk.handoffStreak(), 0);
    }
};

QTEST_GUILESS_MAIN(tst_HandoffDesk)
#include "tst_HandoffDesk.moc"
