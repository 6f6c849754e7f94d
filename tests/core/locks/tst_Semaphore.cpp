#include "locks/Semaphore.h"
#include "locks/waiting/WaiterRegistry.h"
#include "redis/ServerCapabilities.h"
#include "support/ForkedChild.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "support/TestServerTraits.h"

#include <QtTest>

#include <atomic>
#include <future>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

using test::eventually;
using test::waitUpTo;

class tst_Semaphore : public test::RedisTestCase
{
    Q_OBJECT

    long long length(const std::string& name, std::string_view part)
    {
        return m_redis->command({"LLEN", Semaphore::keyFor(name, part)})->integer();
    }
    // The command blocked takers wait in on this server (CLIENT LIST's cmd=).
    std::string blockingMove()
    {
        auto capabilities = ServerCapabilities::of(*m_redis);
        return capabilities && !capabilities->has(ServerFeature::ListMove) ? "brpoplpush" : "blmove";
    }
    // A server like this suite's whose list-move commands are renamed away: a real server that
    // lacks them, as Redis 6.0 lacks LMOVE/BLMOVE.
    std::unique_ptr<RedisServerProcess> serverWithout(const std::vector<std::string>& commands)
    {
        RedisServerConfig config;
        config.extraArgs = test::renamedAway(*m_redis, commands);
        return test::startServer(config);
    }

private slots:
    void aPermitIsATokenMovedToTakenWithALease()
    {
        Semaphore semaphore(options(), "sem-format", 2);
        auto acquired = semaphore.acquire(waitUpTo(0ms, 20s));
        QVERIFY(acquired.ok() && acquired->acquired());
        QVERIFY(acquired->fence);
        QCOMPARE(
            Semaphore::keyFor("sem-format", "free"), std::string("lockscope:semaphore:{sem-format}:free"));
        QCOMPARE(
            m_redis->command({"GET", Semaphore::keyFor("sem-format", "permits")})->text(), std::string("2"));
        QCOMPARE(length("sem-format", "free"), 1LL);
        QCOMPARE(length("sem-format", "taken"), 1LL);
        const std::string token = *semaphore.permitToken();
        QCOMPARE(m_redis->command({"LINDEX", Semaphore::keyFor("sem-format", "taken"), "0"})->text(), token);
        QCOMPARE(m_redis->command({"HGET", Semaphore::keyFor("sem-format", "holders"), token})->text(),
            semaphore.holderId());
        QVERIFY(!m_redis->command({"ZSCORE", Semaphore::keyFor("sem-format", "leases"), token})->isNil());
        QVERIFY(*semaphore.isHeld());
        QCOMPARE(*semaphore.release(), HoldOutcome::Done);
        QCOMPARE(length("sem-format", "free"), 2LL);
        QCOMPARE(length("sem-format", "taken"), 0LL);
        QCOMPARE(m_redis->command({"HLEN", Semaphore::keyFor("sem-format", "holders")})->integer(), 0LL);
    }

    void atMostNHoldAtOnce()
    {
        constexpr int permits = 3;
        std::atomic<int> inside {0};
        std::atomic<int> most {0};
        std::atomic<int> cycles {0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 8; ++t) {
            threads.emplace_back([&] {
                Semaphore semaphore(options(), "sem-bounded", permits);
                for (int i = 0; i < 5; ++i) {
                    auto acquired = semaphore.acquire(waitUpTo(30s));
                    if (!acquired || !acquired->acquired())
                        return;
                    const int now = ++inside;
                    int seen = most.load();
                    while (now > seen && !most.compare_exchange_weak(seen, now)) { }
                    std::this_thread::sleep_for(10ms);
                    --inside;
                    if (semaphore.release().ok())
                        ++cycles;
                }
            });
        }
        for (auto& thread : threads)
            thread.join();
        QCOMPARE(cycles.load(), 40);
        QVERIFY(most.load() <= permits);
        QCOMPARE(most.load(), permits); // 8 threads do fill all permits
        QCOMPARE(length("sem-bounded", "free"), static_cast<long long>(permits));
        QCOMPARE(length("sem-bounded", "taken"), 0LL);
    }

    void waitersBlockInsideRedisAndWakeOnRelease()
    {
        Semaphore holder(options(), "sem-blocking", 1);
        QVERIFY(holder.acquire(waitUpTo(0ms, 60s))->acquired());
        Semaphore waiter(options(), "sem-blocking", 1);
        auto waiting = std::async(std::launch::async, [&] {
            auto result = waiter.acquire(waitUpTo(20s));
            return std::make_pair(result.ok() && result->acquired(), Clock::now());
        });
        const std::string blocked = "cmd=" + blockingMove();
        QVERIFY(eventually([&] {
            const std::string clients = m_redis->command({"CLIENT", "LIST"})->text();
            return clients.find(blocked) != std::string::npos;
        }));
        QVERIFY(eventually([&] {
            return m_redis->command({"ZSCORE", WaiterRegistry::keyFor("sem-blocking"), waiter.holderId()})
                       ->isNil()
                == false;
        }));
        const auto releasedAt = Clock::now();
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto [acquired, at] = waiting.get();
        QVERIFY(acquired);
        QVERIFY(at - releasedAt < 500ms);
        QVERIFY(
            m_redis->command({"ZSCORE", WaiterRegistry::keyFor("sem-blocking"), waiter.holderId()})->isNil());
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
    }

    void waitTimesOutWhenNoPermitComesBack()
    {
        Semaphore holder(options(), "sem-timeout", 1);
        QVERIFY(holder.acquire(waitUpTo(0ms))->acquired());
        Semaphore waiter(options(), "sem-timeout", 1);
        const auto started = Clock::now();
        auto result = waiter.acquire(waitUpTo(400ms));
        QVERIFY(result.ok());
        QCOMPARE(result->outcome, AcquireOutcome::TimedOut);
        QVERIFY(Clock::now() - started >= 400ms);
        QCOMPARE(length("sem-timeout", "free") + length("sem-timeout", "taken"), 1LL);
        QCOMPARE(*holder.release(), HoldOutcome::Done);
    }

    void permitOfAKilledHolderComesBackAfterItsLease()
    {
        const ConnectionOptions serverOptions = options();
        auto holder = test::ForkedChild::start([serverOptions](const std::function<void()>& ready) {
            Semaphore semaphore(serverOptions, "sem-crash", 1);
            AcquireOptions watched = waitUpTo(0ms, 1500ms);
            watched.watchdog = true;
            auto acquired = semaphore.acquire(watched);
            if (!acquired || !acquired->acquired())
                return 1;
            ready();
            for (;;)
                pause();
        });
        QVERIFY(holder);
        QVERIFY(holder->waitUntilReady(10s));
        Semaphore other(options(), "sem-crash", 1);
        std::this_thread::sleep_for(2s); // past its first lease: the watchdog keeps it
        QCOMPARE(other.acquire(waitUpTo(0ms))->outcome, AcquireOutcome::TimedOut);
        holder->kill();
        const auto killedAt = Clock::now();
        auto result = other.acquire(waitUpTo(10s));
        QVERIFY(result.ok() && result->acquired());
        const auto after = Clock::now() - killedAt;
        qInfo("permit back %lld ms after SIGKILL",
            static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(after).count()));
        QVERIFY(after <= 1500ms + 500ms);
        QCOMPARE(length("sem-crash", "free") + length("sem-crash", "taken"), 1LL);
        QCOMPARE(*other.release(), HoldOutcome::Done);
    }

    void permitOfATakerThatDiedBetweenTheTwoStepsIsReclaimed()
    {
        Semaphore semaphore(options(), "sem-half", 1, HolderIdentity::next(), nullptr, 800ms);
        QCOMPARE(*semaphore.reclaim(), 0LL); // creates the semaphore
        // A taker does step one (the atomic move) and dies before step two (the lease).
        auto moved = m_redis->command(
            {"RPOPLPUSH", Semaphore::keyFor("sem-half", "free"), Semaphore::keyFor("sem-half", "taken")});
        QVERIFY(moved.ok() && moved->isString());
        const std::string orphan = moved->text();
        QCOMPARE(length("sem-half", "free"), 0LL);

        const auto started = Clock::now();
        auto result = semaphore.acquire(waitUpTo(10s));
        QVERIFY(result.ok() && result->acquired());
        const auto waited = Clock::now() - started;
        QVERIFY(waited >= 750ms); // not before the grace period
        QVERIFY(waited < 3s);
        QVERIFY(*semaphore.permitToken() != orphan); // a freshly minted token
        QCOMPARE(length("sem-half", "free") + length("sem-half", "taken"), 1LL);
        // The dead taker's late second step, had it come back, would fail.
        QVERIFY(m_redis->command({"LPOS", Semaphore::keyFor("sem-half", "taken"), orphan})->isNil());
        QCOMPARE(*semaphore.release(), HoldOutcome::Done);
    }

    void permitsDeletedFromOutsideAreMintedAgain()
    {
        Semaphore semaphore(options(), "sem-deleted", 2);
        QCOMPARE(*semaphore.reclaim(), 0LL);
        QVERIFY(m_redis->command({"DEL", Semaphore::keyFor("sem-deleted", "free")}).ok());
        QCOMPARE(*semaphore.reclaim(), 2LL);
        QCOMPARE(length("sem-deleted", "free"), 2LL);
    }

    void aDifferentPermitCountIsRefused()
    {
        Semaphore three(options(), "sem-count", 3);
        QVERIFY(three.acquire(waitUpTo(0ms))->acquired());
        Semaphore five(options(), "sem-count", 5);
        auto refused = five.acquire(waitUpTo(0ms));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().kind, ErrorKind::Usage);
        QCOMPARE(*three.release(), HoldOutcome::Done);
    }

    void expiredPermitIsReportedLost()
    {
        Semaphore semaphore(options(), "sem-lost", 1);
        QVERIFY(semaphore.acquire(waitUpTo(0ms, 200ms))->acquired());
        std::this_thread::sleep_for(300ms);
        QVERIFY(!*semaphore.isHeld());
        QCOMPARE(*semaphore.release(), HoldOutcome::Lost);
        QCOMPARE(length("sem-lost", "free"), 1LL); // and the permit is back all the same
    }

    void fencesStrictlyIncreaseAcrossHolders()
    {
        long long last = 0;
        for (int i = 0; i < 5; ++i) {
            Semaphore semaphore(options(), "sem-fenced", 2);
            auto acquired = semaphore.acquire(waitUpTo(0ms));
            QVERIFY(acquired.ok() && acquired->fence && *acquired->fence > last);
            last = *acquired->fence;
            QCOMPARE(*semaphore.release(), HoldOutcome::Done);
        }
    }

    void takersMoveWithRpoplpushWhereTheServerLacksLmove()
    {
        auto server = serverWithout({"LMOVE", "BLMOVE"});
        QVERIFY(server);
        auto admin = test::connectTo(*server);
        QVERIFY(admin);
        QVERIFY(!ServerCapabilities::of(*admin)->has(ServerFeature::ListMove));
        const auto serverOptions = test::optionsFor(*server);
        Semaphore holder(serverOptions, "sem-old", 1);
        QVERIFY(holder.acquire(waitUpTo(0ms, 60s))->acquired());
        Semaphore waiter(serverOptions, "sem-old", 1);
        auto waiting = std::async(std::launch::async, [&] {
            auto result = waiter.acquire(waitUpTo(20s));
            return result.ok() && result->acquired();
        });
        QVERIFY(eventually([&] {
            return admin->command({"CLIENT", "LIST"})->text().find("cmd=brpoplpush") != std::string::npos;
        }));
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        QVERIFY(waiting.get());
        const auto taken = admin->command({"LRANGE", Semaphore::keyFor("sem-old", "taken"), "0", "-1"});
        QVERIFY(taken && taken->size() == 1);
        QCOMPARE(taken->at(0).text(), *waiter.permitToken());
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
        QCOMPARE(admin->command({"LLEN", Semaphore::keyFor("sem-old", "free")})->integer(), 1LL);
    }

    void aServerWithoutAnyListMoveIsRefusedNamingTheFeature()
    {
        auto server = serverWithout({"LMOVE", "BLMOVE", "RPOPLPUSH", "BRPOPLPUSH"});
        QVERIFY(server);
        Semaphore semaphore(test::optionsFor(*server), "sem-none", 1);
        auto acquired = semaphore.acquire(waitUpTo(0ms));
        QVERIFY(!acquired);
        QCOMPARE(acquired.error().kind, ErrorKind::NotFound);
        QVERIFY2(acquired.error().message.find("LMOVE/BLMOVE") != std::string::npos,
            acquired.error().message.c_str());
    }

    void cancellationEndsABlockedWait()
    {
        Semaphore holder(options(), "sem-cancel", 1);
        QVERIFY(holder.acquire(waitUpTo(0ms))->acquired());
        CancellationToken cancel;
        AcquireOptions untilCancelled;
        untilCancelled.wait = std::nullopt;
        untilCancelled.cancel = &cancel;
        Semaphore waiter(options(), "sem-cancel", 1);
        auto waiting = std::async(std::launch::async, [&] { return waiter.acquire(untilCancelled); });
        std::this_thread::sleep_for(300ms);
        cancel.cancel();
        auto result = waiting.get();
        QVERIFY(result.ok());
        QCOMPARE(result->outcome, AcquireOutcome::Cancelled);
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        QCOMPARE(length("sem-cancel", "free"), 1LL);
    }
};

QTEST_GUILESS_MAIN(tst_Semaphore)
#include "tst_Semaphore.moc"
