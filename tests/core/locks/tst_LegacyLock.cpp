#include "locks/LegacyLock.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <latch>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

using test::epochMillis;

using test::tryOnce;

class tst_LegacyLock : public test::RedisTestCase
{
    Q_OBJECT
    int m_counter = 0;

    std::string freshName() { return "legacy-test-" + std::to_string(++m_counter); }
    std::string get(const std::string& key)
    {
        auto reply = m_redis->command({"GET", key});
        return reply && reply->isString() ? reply->text() : std::string("<nil>");
    }
    void set(const std::string& key, const std::string& value)
    {
        QVERIFY(m_redis->command({"SET", key, value}));
    }

private slots:
    void writesTheExpiryInEpochMillisWithoutARedisTtl()
    {
        const auto name = freshName();
        LegacyLock lock(connection(), name);
        const long long before = epochMillis();
        QVERIFY(lock.acquire(tryOnce(10000ms))->acquired());
        const long long stored = std::stoll(get(name));
        QVERIFY(stored >= before + 10000 && stored <= epochMillis() + 10001);
        QCOMPARE(lock.holderId(), get(name));
        QCOMPARE(m_redis->command({"PTTL", name})->integer(), -1LL);
        QVERIFY(!lock.fence().has_value());
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QCOMPARE(get(name), std::string("<nil>"));
    }

    void aLiveLockIsNotTakenOver()
    {
        const auto name = freshName();
        LegacyLock first(connection(), name);
        LegacyLock second(connection(), name);
        QVERIFY(first.acquire(tryOnce())->acquired());
        QCOMPARE(second.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(get(name), first.holderId());
    }

    void anExpiredLockOfACrashedHolderIsTakenOverWithGetset()
    {
        const auto name = freshName();
        set(name, std::to_string(epochMillis() - 1000)); // C3 died holding it
        LegacyLock lock(connection(), name);
        QVERIFY(lock.acquire(tryOnce())->acquired());
        QCOMPARE(get(name), lock.holderId());
    }

    void ofTwoContendersForAnExpiredLockExactlyOneWins()
    {
        // C4 and C5 both see C3's expired timestamp and race with GETSET; the loser finds a fresh
        // timestamp in the old value. Repeated to give the scheduler many interleavings.
        for (int round = 0; round < 40; ++round) {
            const auto name = freshName();
            set(name, std::to_string(epochMillis() - 5000));
            LegacyLock c4(connection(), name);
            LegacyLock c5(connection(), name);
            std::latch start(2);
            std::atomic<int> winners {0};
            auto contend = [&](LegacyLock& lock) {
                start.arrive_and_wait();
                auto result = lock.acquire(tryOnce());
                if (result && result->acquired())
                    ++winners;
            };
            std::thread a([&] { contend(c4); });
            std::thread b([&] { contend(c5); });
            a.join();
            b.join();
            QCOMPARE(winners.load(), 1);
        }
    }

    void aHolderPastItsExpiryDoesNotDeleteTheLock()
    {
        const auto name = freshName();
        LegacyLock slow(connection(), name);
        QVERIFY(slow.acquire(tryOnce(200ms))->acquired());
        std::this_thread::sleep_for(300ms); // paused past its expiry (a GC pause, a stopped VM)
        LegacyLock next(connection(), name);
        QVERIFY(next.acquire(tryOnce())->acquired());
        QCOMPARE(*slow.release(), HoldOutcome::Lost);
        QCOMPARE(get(name), next.holderId());
    }

    void extendMovesTheExpiryWhileHeld()
    {
        const auto name = freshName();
        LegacyLock lock(connection(), name);
        QVERIFY(lock.acquire(tryOnce(1000ms))->acquired());
        QCOMPARE(*lock.extend(60000ms), HoldOutcome::Done);
        QVERIFY(std::stoll(get(name)) > epochMillis() + 50000);
        QVERIFY(*lock.isHeld());
        QVERIFY(m_redis->command({"DEL", name}));
        QCOMPARE(*lock.extend(60000ms), HoldOutcome::Lost);
        QCOMPARE(get(name), std::string("<nil>"));
    }

    void aValueThatIsNotATimestampIsNeverTakenOver()
    {
        const auto name = freshName();
        set(name, "0123456789abcdef0123456789abcdef");
        LegacyLock lock(connection(), name);
        QCOMPARE(lock.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(get(name), std::string("0123456789abcdef0123456789abcdef"));
    }

    void timestampsInSecondsOfOlderClientsAreUnderstood()
    {
        const auto name = freshName();
        const long long nowSeconds = epochMillis() / 1000;
        set(name, std::to_string(nowSeconds + 100));
        LegacyLock lock(connection(), name);
        QCOMPARE(lock.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        set(name, std::to_string(nowSeconds - 5));
        QVERIFY(lock.acquire(tryOnce())->acquired());
    }

    void canJudgeTimeByTheServersClock()
    {
        auto connected = connection();
        ExpiryClock serverClock(*connected, ExpiryClock::Source::Server);
        auto serverNow = serverClock.nowMillis();
        QVERIFY(serverNow);
        QVERIFY(std::llabs(*serverNow - epochMillis()) < 2000);

        const auto name = freshName();
        set(name, std::to_string(*serverNow - 1000));
        LegacyLock lock(connected, name, LegacyLock::Options {ExpiryClock::Source::Server});
        QVERIFY(lock.acquire(tryOnce(5000ms))->acquired());
        QVERIFY(std::stoll(get(name)) >= *serverNow + 5000);
        QCOMPARE(*lock.release(), HoldOutcome::Done);
    }
};

QTEST_GUILESS_MAIN(tst_LegacyLock)
#include "tst_LegacyLock.moc"
