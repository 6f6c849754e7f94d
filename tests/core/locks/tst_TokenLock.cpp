#include "inspect/LockInspector.h"
#include "locks/TokenLock.h"
#include "locks/primitives/FencingCounter.h"
#include "locks/waiting/WaiterRegistry.h"
#include "support/CommandStats.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <csignal>
#include <mutex>
#include <optional>
#include <regex>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace lockscope;
using namespace std::chrono_literals;

using test::tryOnce;
using test::waitUpTo;

class tst_TokenLock : public test::RedisTestCase
{
    Q_OBJECT
    int m_counter = 0;

    std::string freshName() { return "token-test-" + std::to_string(++m_counter); }
    std::string get(const std::string& key)
    {
        auto reply = m_redis->command({"GET", key});
        return reply && reply->isString() ? reply->text() : std::string("<nil>");
    }

    // Whether `token` is in `name`'s line within a few seconds.
    bool inLineEventually(const std::string& name, const std::string& token)
    {
        for (int i = 0; i < 300; ++i) {
            auto score = m_redis->command({"ZSCORE", TokenLock::queueKeyFor(name), token});
            if (score && score->isString())
                return true;
            std::this_thread::sleep_for(10ms);
        }
        return false;
    }

private slots:
    void writesAStringTokenOf32HexWithTheLease()
    {
        const auto name = freshName();
        TokenLock lock(connection(), name);
        auto result = lock.acquire(tryOnce(5000ms));
        QVERIFY(result);
        QVERIFY(result->acquired());
        QVERIFY(std::regex_match(get(name), std::regex("[0-9a-f]{32}")));
        QCOMPARE(get(name), lock.holderId());
        auto ttl = m_redis->command({"PTTL", name});
        QVERIFY(ttl && ttl->integer() > 4000 && ttl->integer() <= 5000);
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QCOMPARE(get(name), std::string("<nil>"));
    }

    void aSecondHolderIsRefusedUntilRelease()
    {
        const auto name = freshName();
        TokenLock first(connection(), name);
        TokenLock second(connection(), name);
        QVERIFY(first.acquire(tryOnce())->acquired());
        auto refused = second.acquire(tryOnce());
        QVERIFY(refused);
        QCOMPARE(refused->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(*first.release(), HoldOutcome::Done);
        QVERIFY(second.acquire(tryOnce())->acquired());
        QCOMPARE(*second.release(), HoldOutcome::Done);
    }

    void aWaiterGetsTheLockWhenItIsReleasedDuringTheWait()
    {
        const auto name = freshName();
        TokenLock first(connection(), name);
        QVERIFY(first.acquire(tryOnce())->acquired());
        std::thread releaser([&] {
            std::this_thread::sleep_for(300ms);
            (void)first.release();
        });
        TokenLock second(connection(), name);
        auto result = second.acquire(waitUpTo(10000ms));
        releaser.join();
        QVERIFY(result && result->acquired());
        QVERIFY(result->waited >= 250ms);
    }

    void fencesStrictlyIncreaseAcrossHolders()
    {
        const auto name = freshName();
        long long previous = 0;
        for (int i = 0; i < 5; ++i) {
            TokenLock lock(connection(), name);
            auto result = lock.acquire(tryOnce());
            QVERIFY(result && result->acquired());
            QVERIFY(result->fence.has_value());
            QVERIFY(*result->fence > previous);
            QCOMPARE(lock.fence(), result->fence);
            previous = *result->fence;
            QCOMPARE(*lock.release(), HoldOutcome::Done);
        }
        QCOMPARE(get(FencingCounter::keyFor(name)), std::to_string(previous));
    }

    void withoutFencingItWritesThePlainTokenAndNoCounter()
    {
        const auto name = freshName();
        TokenLock lock(connection(), name, TokenLock::Fencing::Off);
        auto result = lock.acquire(tryOnce(5000ms));
        QVERIFY(result && result->acquired());
        QVERIFY(!result->fence.has_value());
        QVERIFY(!lock.fence().has_value());
        QCOMPARE(get(name), lock.holderId());
        QCOMPARE(get(FencingCounter::keyFor(name)), std::string("<nil>"));
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QCOMPARE(get(name), std::string("<nil>"));
    }

    void withoutFencingItStillExcludesAnotherHolder()
    {
        const auto name = freshName();
        TokenLock first(connection(), name, TokenLock::Fencing::Off);
        TokenLock second(connection(), name, TokenLock::Fencing::Off);
        QVERIFY(first.acquire(tryOnce())->acquired());
        auto refused = second.acquire(tryOnce());
        QVERIFY(refused);
        QVERIFY(!refused->acquired());
        QCOMPARE(*first.release(), HoldOutcome::Done);
        QVERIFY(second.acquire(tryOnce())->acquired());
        QCOMPARE(*second.release(), HoldOutcome::Done);
    }

    void aRedisPyStyleLockBlocksLockScope()
    {
        // redis-py: SET name uuid1().hex NX PX timeout (32 hex, 13th character '1').
        const auto name = freshName();
        const std::string redisPyToken = "6f1c2a7e8b3d11eea1b20242ac120002";
        QVERIFY(m_redis->command({"SET", name, redisPyToken, "NX", "PX", "30000"}));
        TokenLock lock(connection(), name);
        auto result = lock.acquire(waitUpTo(300ms));
        QVERIFY(result);
        QCOMPARE(result->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(get(name), redisPyToken);
    }

    void lockScopesTokenBlocksARedisPyStyleSetNx()
    {
        const auto name = freshName();
        TokenLock lock(connection(), name);
        QVERIFY(lock.acquire(tryOnce())->acquired());
        auto theirs
            = m_redis->command({"SET", name, "6f1c2a7e8b3d11eea1b20242ac120002", "NX", "PX", "30000"});
        QVERIFY(theirs);
        QVERIFY(theirs->isNil());
        QCOMPARE(get(name), lock.holderId());
    }

    void releaseNeverDeletesSomeoneElsesToken()
    {
        const auto name = freshName();
        TokenLock lock(connection(), name);
        QVERIFY(lock.acquire(tryOnce(30000ms))->acquired());
        // Our hold expires and redis-py takes the name over.
        QVERIFY(m_redis->command({"SET", name, "0123456789abcdef0123456789abcdef", "PX", "30000"}));
        QCOMPARE(*lock.release(), HoldOutcome::Lost);
        QCOMPARE(get(name), std::string("0123456789abcdef0123456789abcdef"));
    }

    void extendPushesTheLeaseOnlyWhileTheTokenIsOurs()
    {
        const auto name = freshName();
        TokenLock lock(connection(), name);
        QVERIFY(lock.acquire(tryOnce(2000ms))->acquired());
        QCOMPARE(*lock.extend(60000ms), HoldOutcome::Done);
        auto ttl = m_redis->command({"PTTL", name});
        QVERIFY(ttl && ttl->integer() > 50000);
        QVERIFY(*lock.isHeld());
        QVERIFY(m_redis->command({"SET", name, "someone-else"}));
        QVERIFY(!*lock.isHeld());
        QCOMPARE(*lock.extend(60000ms), HoldOutcome::Lost);
        QCOMPARE(get(name), std::string("someone-else"));
    }

    void aCrashedHoldersLockFreesAfterItsLease()
    {
        const auto name = freshName();
        {
            TokenLock crashed(connection(), name);
            QVERIFY(crashed.acquire(tryOnce(500ms))->acquired());
            // dropped without release: as if the process died
        }
        TokenLock next(connection(), name);
        QCOMPARE(next.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        auto result = next.acquire(waitUpTo(5000ms));
        QVERIFY(result && result->acquired());
        QVERIFY(result->waited >= 300ms);
    }

    void scriptsAreReloadedAfterAScriptFlush()
    {
        const auto name = freshName();
        TokenLock lock(connection(), name);
        QVERIFY(lock.acquire(tryOnce())->acquired());
        QVERIFY(m_redis->command({"SCRIPT", "FLUSH"}));
        QCOMPARE(*lock.extend(10s), HoldOutcome::Done);
        auto exists = m_redis->command({"SCRIPT", "EXISTS", TokenLock::extendScript().sha1()});
        QVERIFY(exists && exists->at(0).integer() == 1);
        QCOMPARE(*lock.release(), HoldOutcome::Done);
    }

    void releaseRunsOneScriptThatAlsoWakesTheLine()
    {
        // Even where the server has its own compare-and-delete (DELIFEQ, DELEX): that could not
        // wake the first waiter in line.
        const auto name = freshName();
        TokenLock lock(connection(), name);
        QVERIFY(lock.acquire(tryOnce())->acquired());
        auto scriptCalls
            = [&] { return test::commandCalls(*m_redis, "evalsha") + test::commandCalls(*m_redis, "eval"); };
        const long long before = scriptCalls();
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QVERIFY(scriptCalls() > before);
        QCOMPARE(get(name), std::string("<nil>"));
    }

    void aReleaseHandsTheLockToTheWaiterNotBackToTheReleaser()
    {
        const auto name = freshName();
        TokenLock releaser(connection(), name);
        QVERIFY(releaser.acquire(tryOnce())->acquired());
        TokenLock waiter(connection(), name);
        const std::string waiterToken = waiter.holderId();
        std::optional<Result<AcquireResult>> waited;
        std::thread waiting([&] { waited = waiter.acquire(waitUpTo(10000ms)); });
        QVERIFY(inLineEventually(name, waiterToken));
        QCOMPARE(*releaser.release(), HoldOutcome::Done);
        // Straight after its release the releaser may not take the lock back: the waiter is first.
        auto again = releaser.acquire(tryOnce());
        QVERIFY(again);
        QCOMPARE(again->outcome, AcquireOutcome::TimedOut);
        waiting.join();
        QVERIFY(waited && *waited && (*waited)->acquired());
        QCOMPARE(get(name), waiterToken);
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
        QVERIFY(releaser.acquire(tryOnce())->acquired()); // nobody in line now
        QCOMPARE(*releaser.release(), HoldOutcome::Done);
    }

    void waitersAreServedInTheOrderTheyCame()
    {
        const auto name = freshName();
        TokenLock holder(connection(), name);
        QVERIFY(holder.acquire(tryOnce())->acquired());
        std::mutex mutex;
        std::vector<int> served;
        std::vector<std::unique_ptr<TokenLock>> waiters;
        std::vector<std::thread> threads;
        for (int i = 0; i < 4; ++i) {
            waiters.push_back(std::make_unique<TokenLock>(connection(), name));
            TokenLock* waiter = waiters.back().get();
            threads.emplace_back([&, waiter, i] {
                auto result = waiter->acquire(waitUpTo(20000ms));
                if (result && result->acquired()) {
                    {
                        std::lock_guard guard(mutex);
                        served.push_back(i);
                    }
                    std::this_thread::sleep_for(20ms);
                    (void)waiter->release();
                }
            });
            // The next one comes only once this one is in line.
            QVERIFY(inLineEventually(name, waiter->holderId()));
        }
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        for (auto& thread : threads)
            thread.join();
        QCOMPARE(served, (std::vector<int> {0, 1, 2, 3}));
        auto queue = m_redis->command({"EXISTS", TokenLock::queueKeyFor(name)});
        QVERIFY(queue && queue->integer() == 0); // the line is gone with its last waiter
    }

    void aWaiterThatDiedDropsOutOfTheLine()
    {
        // A dead waiter first in line: registered long ago and never refreshed.
        const auto name = freshName();
        QVERIFY(m_redis->command({"ZADD", TokenLock::queueKeyFor(name), "1", "dead-waiter"}));
        QVERIFY(m_redis->command({"ZADD", WaiterRegistry::keyFor(name), "1", "dead-waiter"}));
        TokenLock holder(connection(), name);
        QVERIFY(holder.acquire(tryOnce())->acquired());
        TokenLock waiter(connection(), name);
        std::optional<Result<AcquireResult>> waited;
        std::thread waiting([&] { waited = waiter.acquire(waitUpTo(10000ms)); });
        QVERIFY(inLineEventually(name, waiter.holderId()));
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        waiting.join();
        QVERIFY(waited && *waited && (*waited)->acquired());
        auto dead = m_redis->command({"ZSCORE", TokenLock::queueKeyFor(name), "dead-waiter"});
        QVERIFY(dead && dead->isNil());
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
    }

    void aWaiterKilledInLineHoldsTheLockUpForAboutASecondOnly()
    {
        // A waiter process killed while first in line never leaves it: the lock waits for its
        // registration to go stale (a second after its last look), not longer.
        const auto name = freshName();
        TokenLock holder(connection(), name);
        QVERIFY(holder.acquire(tryOnce(30000ms))->acquired());
        const pid_t child = fork();
        if (child == 0) {
            TokenLock waiter(connection(), name);
            (void)waiter.acquire(waitUpTo(60000ms));
            _exit(0);
        }
        QVERIFY(child > 0);
        auto lineLength = [&] {
            auto length = m_redis->command({"ZCARD", TokenLock::queueKeyFor(name)});
            return length && length->isInteger() ? length->integer() : -1;
        };
        QTRY_COMPARE_WITH_TIMEOUT(lineLength(), 1LL, 5000);
        TokenLock live(connection(), name);
        std::optional<Result<AcquireResult>> waited;
        std::chrono::steady_clock::time_point acquiredAt;
        std::thread waiting([&] {
            waited = live.acquire(waitUpTo(10000ms));
            acquiredAt = std::chrono::steady_clock::now();
        });
        QVERIFY(inLineEventually(name, live.holderId()));
        ::kill(child, SIGKILL);
        ::waitpid(child, nullptr, 0);
        const auto killedAt = std::chrono::steady_clock::now();
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        waiting.join();
        QVERIFY(waited && *waited && (*waited)->acquired());
        const auto stalled = std::chrono::duration_cast<std::chrono::milliseconds>(acquiredAt - killedAt);
        QVERIFY2(stalled < 2000ms, (std::to_string(stalled.count()) + " ms").c_str());
        QCOMPARE(*live.release(), HoldOutcome::Done);
    }

    void aWakeUpKeyOfTheWrongTypeEndsTheWaitWithItsError()
    {
        // Someone wrote a string where this waiter's wake-up list goes: the wait fails at once
        // with the server's error (no busy loop of failed waits) and the waiter leaves the line.
        const auto name = freshName();
        TokenLock holder(connection(), name);
        QVERIFY(holder.acquire(tryOnce(30000ms))->acquired());
        TokenLock waiter(connection(), name);
        QVERIFY(m_redis->command({"SET", TokenLock::wakeKeyFor(name, waiter.holderId()), "not a list"}));
        auto waited = waiter.acquire(waitUpTo(5000ms));
        QVERIFY(!waited);
        QVERIFY2(
            waited.error().message.find("WRONGTYPE") != std::string::npos, waited.error().message.c_str());
        auto queued = m_redis->command({"ZSCORE", TokenLock::queueKeyFor(name), waiter.holderId()});
        QVERIFY(queued && queued->isNil());
        QCOMPARE(*holder.release(), HoldOutcome::Done);
    }

    void aWaitOfAFewMillisecondsEndsOnTime()
    {
        // Redis 6.0 truncates a BLPOP timeout of "0.001" s to 0 ms, which blocks forever: the last
        // slice of a short wait must never be sent that short.
        const auto name = freshName();
        TokenLock holder(connection(), name);
        QVERIFY(holder.acquire(tryOnce())->acquired());
        TokenLock waiter(connection(), name);
        for (auto wait : {1ms, 2ms, 3ms}) {
            auto result = waiter.acquire(waitUpTo(wait));
            QVERIFY2(result, result ? "" : result.error().message.c_str());
            QCOMPARE(result->outcome, AcquireOutcome::TimedOut);
        }
    }

    void aWaiterThatGivesUpLeavesTheLine()
    {
        const auto name = freshName();
        TokenLock holder(connection(), name);
        QVERIFY(holder.acquire(tryOnce())->acquired());
        TokenLock waiter(connection(), name);
        auto result = waiter.acquire(waitUpTo(300ms));
        QVERIFY2(result, result ? "" : result.error().message.c_str());
        QCOMPARE(result->outcome, AcquireOutcome::TimedOut);
        auto queue = m_redis->command({"EXISTS", TokenLock::queueKeyFor(name)});
        QVERIFY(queue && queue->integer() == 0);
        // The holder's release then wakes nobody, and the next acquire is the plain one.
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        QVERIFY(waiter.acquire(tryOnce())->acquired());
    }

    void theLinesKeysAreNeverListedAsLocks()
    {
        const auto name = freshName();
        TokenLock holder(connection(), name);
        QVERIFY(holder.acquire(tryOnce())->acquired());
        TokenLock waiter(connection(), name);
        std::optional<Result<AcquireResult>> waited;
        std::thread waiting([&] { waited = waiter.acquire(waitUpTo(10000ms)); });
        QVERIFY(inLineEventually(name, waiter.holderId()));
        auto listed = LockInspector::inspect({{"n", m_redis.get()}}, {});
        QVERIFY(listed.failures.empty());
        int named = 0;
        for (const auto& lock : listed.locks) {
            QVERIFY2(lock.name.rfind("lockscope:", 0) != 0, lock.name.c_str());
            named += lock.name == name ? 1 : 0;
        }
        QCOMPARE(named, 1);
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        waiting.join();
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
    }

    void aWaiterIsRegisteredWhileWaitingAndGoneAfter()
    {
        const auto name = freshName();
        TokenLock holder(connection(), name);
        QVERIFY(holder.acquire(tryOnce())->acquired());
        TokenLock waiter(connection(), name);
        const std::string waiterId = waiter.holderId();
        std::atomic<bool> seen {false};
        std::thread watcher([&] {
            auto admin = test::connectTo(*m_server);
            for (int i = 0; i < 100 && !seen; ++i) {
                auto score = admin->command({"ZSCORE", WaiterRegistry::keyFor(name), waiterId});
                seen = score && score->isString();
                std::this_thread::sleep_for(20ms);
            }
            (void)holder.release();
        });
        auto result = waiter.acquire(waitUpTo(10000ms));
        watcher.join();
        QVERIFY(seen);
        QVERIFY(result && result->acquired());
        auto after = m_redis->command({"ZSCORE", WaiterRegistry::keyFor(name), waiterId});
        QVERIFY(after && after->isNil());
    }

    void cancellationEndsAWait()
    {
        const auto name = freshName();
        TokenLock holder(connection(), name);
        QVERIFY(holder.acquire(tryOnce())->acquired());
        CancellationToken cancel;
        AcquireOptions options = waitUpTo(30000ms);
        options.wait = std::nullopt;
        options.cancel = &cancel;
        std::thread canceller([&] {
            std::this_thread::sleep_for(200ms);
            cancel.cancel();
        });
        TokenLock waiter(connection(), name);
        auto result = waiter.acquire(options);
        canceller.join();
        QVERIFY(result);
        QCOMPARE(result->outcome, AcquireOutcome::Cancelled);
        QVERIFY(result->waited < 5000ms);
    }

    void isHeldMayBeAskedFromAnotherThreadWhileTheHolderRenews()
    {
        TokenLock lock(connection(), freshName());
        QVERIFY(lock.acquire(tryOnce())->acquired());
        std::atomic<int> failures {0};
        std::thread renewer([&] {
            for (int i = 0; i < 200; ++i) {
                auto renewed = lock.extend(30000ms);
                if (!renewed || *renewed != HoldOutcome::Done)
                    ++failures;
            }
        });
        for (int i = 0; i < 200; ++i) {
            auto held = lock.isHeld();
            if (!held || !*held)
                ++failures;
        }
        renewer.join();
        QCOMPARE(failures.load(), 0);
    }

    void anUnusableFenceCounterIsAnErrorAndLeavesNoLockBehind()
    {
        const auto name = freshName();
        QVERIFY(m_redis->command({"SET", FencingCounter::keyFor(name), "not-a-number"}));
        TokenLock lock(connection(), name);
        auto result = lock.acquire(tryOnce());
        QVERIFY(!result);
        QCOMPARE(result.error().kind, ErrorKind::ServerError);
        QCOMPARE(get(name), std::string("<nil>"));
    }

    void aRedisErrorIsAnErrorNotAnOutcome()
    {
        auto server = test::startServer();
        QVERIFY(server);
        auto options = test::optionsFor(*server);
        options.reconnect.budget = 0ms;
        auto connected = RedisConnection::connect(options);
        QVERIFY(connected);
        TokenLock lock(std::shared_ptr<RedisConnection>(std::move(connected.value())), freshName());
        server->stop();
        auto result = lock.acquire(tryOnce());
        QVERIFY(!result);
        QVERIFY(result.error().kind != ErrorKind::Internal);
    }
};

QTEST_GUILESS_MAIN(tst_TokenLock)
#include "tst_TokenLock.moc"
