#include "inspect/watch/ExpirySchedule.h"

#include <QtTest>

#include <algorithm>
#include <deque>
#include <random>
#include <string>
#include <vector>

using namespace lockscope;

namespace {

using Clock = ExpirySchedule::Clock;

// What the watcher keeps per lock: an id and a slot that stay where they are.
struct Lock
{
    std::string name;
    LockIdView id;
    ExpirySchedule::Slot slot;
};

} // namespace

class tst_ExpirySchedule : public QObject
{
    Q_OBJECT

private slots:
    void dueLocksComeOutEarliestFirstAndOnlyOnce()
    {
        // Many locks, deadlines set, moved earlier and later, some removed: what comes out at
        // each moment is exactly the locks due by then that are still scheduled, in order.
        std::deque<Lock> locks(500);
        for (size_t i = 0; i < locks.size(); ++i) {
            locks[i].name = "lock:" + std::to_string(i);
            locks[i].id = LockIdView(0, "node", locks[i].name);
        }
        const Clock::time_point start {};
        std::mt19937 random(11);
        std::uniform_int_distribution<int> ms(0, 10000);
        std::vector<int> deadlineOf(locks.size(), -1);
        ExpirySchedule schedule;
        for (int round = 0; round < 3; ++round)
            for (size_t i = 0; i < locks.size(); ++i) {
                deadlineOf[i] = ms(random);
                schedule.set(locks[i].id, locks[i].slot, start + std::chrono::milliseconds(deadlineOf[i]));
            }
        for (size_t i = 0; i < locks.size(); i += 7) {
            schedule.remove(locks[i].slot);
            QCOMPARE(locks[i].slot.at, ExpirySchedule::Slot::npos);
            deadlineOf[i] = -1;
        }
        QCOMPARE(schedule.size(),
            size_t(std::count_if(deadlineOf.begin(), deadlineOf.end(), [](int d) { return d >= 0; })));

        int lastDeadline = -1;
        for (int now = 0; now <= 10000; now += 250) {
            const auto due = schedule.takeDue(start + std::chrono::milliseconds(now));
            for (const LockIdView* id : due) {
                const size_t i = size_t(std::stoul(std::string(id->name().substr(5))));
                QVERIFY2(deadlineOf[i] >= 0 && deadlineOf[i] <= now, locks[i].name.c_str());
                QVERIFY(deadlineOf[i] >= lastDeadline);
                QCOMPARE(locks[i].slot.at, ExpirySchedule::Slot::npos);
                lastDeadline = deadlineOf[i];
                deadlineOf[i] = -1;
            }
            for (size_t i = 0; i < locks.size(); ++i)
                QVERIFY2(deadlineOf[i] < 0 || deadlineOf[i] > now, locks[i].name.c_str());
            if (schedule.earliest())
                QVERIFY(*schedule.earliest() > start + std::chrono::milliseconds(now));
        }
        QCOMPARE(schedule.size(), size_t(0));
        QVERIFY(!schedule.earliest());
    }

    void aLockSetAgainKeepsOnlyItsNewDeadline()
    {
        Lock lock {"a", {}, {}};
        lock.id = LockIdView(0, "node", lock.name);
        ExpirySchedule schedule;
        const Clock::time_point start {};
        schedule.set(lock.id, lock.slot, start + std::chrono::milliseconds(100));
        schedule.set(lock.id, lock.slot, start + std::chrono::milliseconds(900));
        QCOMPARE(schedule.size(), size_t(1));
        QVERIFY(schedule.takeDue(start + std::chrono::milliseconds(500)).empty());
        QCOMPARE(schedule.takeDue(start + std::chrono::milliseconds(900)).size(), size_t(1));
        schedule.remove(lock.slot); // taken already: nothing to do
        QCOMPARE(schedule.size(), size_t(0));
    }
};

QTEST_GUILESS_MAIN(tst_ExpirySchedule)
#include "tst_ExpirySchedule.moc"
