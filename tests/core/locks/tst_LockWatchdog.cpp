#include "locks/ReentrantLock.h"
#include "locks/lease/LockWatchdog.h"
#include "support/ForkedChild.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

using test::eventually;

namespace {
using Clock = std::chrono::steady_clock;

AcquireOptions watched(std::chrono::milliseconds lease, int maxRenewals = 0)
{
    AcquireOptions options;
    options.lease = lease;
    options.wait = 0ms;
    options.watchdog = true;
    options.maxRenewals = maxRenewals;
    return options;
}

} // namespace

class tst_LockWatchdog : public test::RedisTestCase
{
    Q_OBJECT

    bool exists(const std::string& key) { return m_redis->command({"EXISTS", key})->integer() == 1; }

private slots:
    void keepsAHoldAliveWhileTheHolderLivesAndLetsItGoWithinALeaseOfItsDeath()
    {
        const ConnectionOptions serverOptions = options();
        auto holder = test::ForkedChild::start([serverOptions](const std::function<void()>& ready) {
            ReentrantLock lock(serverOptions, "watched-by-child");
            auto acquired = lock.acquire(watched(3s));
            if (!acquired || !acquired->acquired())
                return 1;
            ready();
            for (;;)
                pause(); // a live holder doing its (endless) work
        });
        QVERIFY(holder);
        QVERIFY(holder->waitUntilReady(10s));

        // Ten seconds, more than three leases: the watchdog keeps it.
        const auto keptUntil = Clock::now() + 10s;
        while (Clock::now() < keptUntil) {
            QVERIFY2(exists("watched-by-child"), "the lock expired while its holder lived");
            const long long pttl = m_redis->command({"PTTL", "watched-by-child"})->integer();
            QVERIFY(pttl > 0 && pttl <= 3000);
            std::this_thread::sleep_for(200ms);
        }

        holder->kill();
        const auto killedAt = Clock::now();
        QVERIFY(eventually([&] { return !exists("watched-by-child"); }, 6s));
        const auto freedAfter = Clock::now() - killedAt;
        qInfo("freed %lld ms after SIGKILL",
            static_cast<long long>(
                std::chrono::duration_cast<std::chrono::milliseconds>(freedAfter).count()));
        QVERIFY(freedAfter <= 3s + 100ms);
        // And someone else can take it.
        ReentrantLock next(options(), "watched-by-child");
        QVERIFY(next.acquire(watched(3s))->acquired());
        QCOMPARE(*next.release(), HoldOutcome::Done);
    }

    void renewalCapEndsTheHoldWhenReached()
    {
        std::atomic<int> reported {-1};
        ReentrantLock lock(options(), "capped");
        lock.setRenewalHandler([&](RenewalEvent event) { reported = static_cast<int>(event); });
        QVERIFY(lock.acquire(watched(900ms, 3))->acquired());
        std::this_thread::sleep_for(1300ms);
        QVERIFY2(exists("capped"), "renewed past its first lease");
        QVERIFY(eventually([&] { return !exists("capped"); }, 3s));
        QCOMPARE(lock.renewalState()->renewals(), 3);
        QVERIFY(lock.renewalFailed());
        QCOMPARE(reported.load(), static_cast<int>(RenewalEvent::CapReached));
        QCOMPARE(*lock.release(), HoldOutcome::Lost);
    }

    void reportsARenewalFailureWhenTheHoldIsDeletedFromOutside()
    {
        std::atomic<int> reported {-1};
        ReentrantLock lock(options(), "deleted-outside");
        lock.setRenewalHandler([&](RenewalEvent event) { reported = static_cast<int>(event); });
        QVERIFY(lock.acquire(watched(600ms))->acquired());
        QVERIFY(!lock.renewalFailed());
        QVERIFY(m_redis->command({"DEL", "deleted-outside"}).ok());
        QVERIFY(eventually([&] { return lock.renewalFailed(); }, 3s));
        QCOMPARE(reported.load(), static_cast<int>(RenewalEvent::HoldGone));
        // The watchdog does not bring it back.
        std::this_thread::sleep_for(400ms);
        QVERIFY(!exists("deleted-outside"));
    }

    void reportsARenewalFailureWhenAnotherHolderTookOver()
    {
        ReentrantLock lock(options(), "taken-over");
        QVERIFY(lock.acquire(watched(600ms))->acquired());
        QVERIFY(m_redis->command({"DEL", "taken-over"}).ok());
        QVERIFY(m_redis->command({"HSET", "taken-over", "someone-else:1", "1"}).ok());
        QVERIFY(eventually([&] { return lock.renewalFailed(); }, 3s));
        QCOMPARE(m_redis->command({"PTTL", "taken-over"})->integer(), -1LL); // not touched
        QVERIFY(m_redis->command({"DEL", "taken-over"}).ok());
    }

    void reportsTheHoldLostWhenRedisIsUnreachableForALease()
    {
        auto doomed = test::startServer();
        QVERIFY(doomed);
        std::atomic<int> reported {-1};
        ConnectionOptions doomedOptions = test::optionsFor(*doomed);
        doomedOptions.reconnect.budget = 300ms;
        ReentrantLock lock(doomedOptions, "unreachable");
        lock.setRenewalHandler([&](RenewalEvent event) { reported = static_cast<int>(event); });
        QVERIFY(lock.acquire(watched(900ms))->acquired());
        doomed->kill();
        QVERIFY(eventually([&] { return lock.renewalFailed(); }, 5s));
        QCOMPARE(reported.load(), static_cast<int>(RenewalEvent::Unreachable));
        auto released = lock.release();
        QVERIFY(!released.ok()); // a Redis error, not an outcome
    }

    void renewsManyHoldsInOneRoundTrip()
    {
        auto watchdog = std::make_shared<LockWatchdog>(options());
        std::vector<std::unique_ptr<ReentrantLock>> locks;
        for (int i = 0; i < 20; ++i) {
            locks.push_back(std::make_unique<ReentrantLock>(
                options(), "batch-" + std::to_string(i), HolderIdentity::next(), watchdog));
            QVERIFY(locks.back()->acquire(watched(900ms))->acquired());
        }
        std::this_thread::sleep_for(2100ms);
        for (auto& lock : locks) {
            QVERIFY(lock->renewalState()->renewals() >= 4);
            QVERIFY(!lock->renewalFailed());
            QVERIFY(*lock->isHeld());
        }
        const long long sent = watchdog->renewalsSent();
        const long long trips = watchdog->roundTrips();
        qInfo("%lld renewals in %lld round trips", sent, trips);
        QVERIFY(sent >= 20 * 4);
        QVERIFY(trips * 10 <= sent); // batches, not one round trip per hold
        for (auto& lock : locks)
            QCOMPARE(*lock->release(), HoldOutcome::Done);
        QCOMPARE(watchdog->watchedCount(), size_t(0));
    }

    void stopsRenewingAReleasedHold()
    {
        auto watchdog = std::make_shared<LockWatchdog>(options());
        ReentrantLock lock(options(), "released-hold", HolderIdentity::next(), watchdog);
        QVERIFY(lock.acquire(watched(600ms))->acquired());
        QVERIFY(lock.acquire(watched(600ms))->acquired()); // a re-entry is the same hold
        QCOMPARE(watchdog->watchedCount(), size_t(1));
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QCOMPARE(watchdog->watchedCount(), size_t(1));
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QCOMPARE(watchdog->watchedCount(), size_t(0));
        QVERIFY(!lock.renewalFailed());
    }

    void stopsCleanlyWithHoldsStillWatched()
    {
        auto watchdog = std::make_shared<LockWatchdog>(options());
        ReentrantLock lock(options(), "stopping", HolderIdentity::next(), watchdog);
        QVERIFY(lock.acquire(watched(30s))->acquired());
        const auto started = Clock::now();
        watchdog->stop();
        QVERIFY(Clock::now() - started < 1s);
        QCOMPARE(*lock.release(), HoldOutcome::Done);
    }
};

QTEST_GUILESS_MAIN(tst_LockWatchdog)
#include "tst_LockWatchdog.moc"
