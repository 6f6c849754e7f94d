#include "locks/LockKeyNames.h"
#include "locks/ReentrantLock.h"
#include "locks/primitives/LuaScript.h"
#include "locks/waiting/WaiterRegistry.h"
#include "support/ForkedChild.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

using test::eventually;
using test::tryOnce;
using test::waitUpTo;

namespace {
using Clock = std::chrono::steady_clock;

long long subscribers(RedisConnection& connection, const std::string& channel)
{
    auto reply = connection.command({"PUBSUB", "NUMSUB", channel});
    if (!reply)
        return -1;
    return reply->at(1).toInteger().value_or(-1);
}
} // namespace

class tst_ReentrantLock : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void writesRedissonsHashWithTheHolderFieldAndLease()
    {
        ReentrantLock lock(options(), "orders");
        auto acquired = lock.acquire(tryOnce(20s));
        QVERIFY(acquired.ok());
        QVERIFY(acquired->acquired());
        QCOMPARE(m_redis->command({"TYPE", "orders"})->text(), std::string("hash"));
        QCOMPARE(m_redis->command({"HGET", "orders", lock.holderId()})->text(), std::string("1"));
        const long long pttl = m_redis->command({"PTTL", "orders"})->integer();
        QVERIFY(pttl > 15000 && pttl <= 20000);
        QVERIFY(
            QRegularExpression("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}:[0-9]+$")
                .match(QString::fromStdString(lock.holderId()))
                .hasMatch());
        QCOMPARE(*lock.release(), HoldOutcome::Done);
    }

    void reentryCountsUpAndDown()
    {
        ReentrantLock lock(options(), "reentry");
        auto field = [&] { return m_redis->command({"HGET", "reentry", lock.holderId()}); };
        QVERIFY(lock.acquire(tryOnce())->acquired());
        QCOMPARE(field()->text(), std::string("1"));
        QVERIFY(lock.acquire(tryOnce())->acquired());
        QCOMPARE(field()->text(), std::string("2"));
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QCOMPARE(field()->text(), std::string("1"));
        QVERIFY(*lock.isHeld());
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QVERIFY(field()->isNil());
        QCOMPARE(m_redis->command({"EXISTS", "reentry"})->integer(), 0LL);
        QVERIFY(!*lock.isHeld());
    }

    void anotherHolderIsExcluded()
    {
        ReentrantLock first(options(), "exclusive");
        ReentrantLock second(options(), "exclusive");
        QVERIFY(first.holderId() != second.holderId());
        QVERIFY(first.acquire(tryOnce())->acquired());
        auto refused = second.acquire(tryOnce());
        QVERIFY(refused.ok());
        QCOMPARE(refused->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(m_redis->command({"HLEN", "exclusive"})->integer(), 1LL);
        // Nor can it release the other's hold.
        QVERIFY(!second.release().ok());
        QCOMPARE(*first.release(), HoldOutcome::Done);
        QVERIFY(second.acquire(tryOnce())->acquired());
        QCOMPARE(*second.release(), HoldOutcome::Done);
    }

    void waitingTimesOutWhileTheHolderKeepsIt()
    {
        ReentrantLock holder(options(), "kept");
        ReentrantLock waiter(options(), "kept");
        QVERIFY(holder.acquire(tryOnce())->acquired());
        const auto started = Clock::now();
        auto outcome = waiter.acquire(waitUpTo(400ms));
        QVERIFY(outcome.ok());
        QCOMPARE(outcome->outcome, AcquireOutcome::TimedOut);
        QVERIFY(Clock::now() - started >= 400ms);
        QCOMPARE(*holder.release(), HoldOutcome::Done);
    }

    void releasedLockWakesAWaiterThroughTheUnlockChannel()
    {
        // The holder's lease is a minute: only the unlock message can wake the waiter soon.
        ReentrantLock holder(options(), "wakeup");
        QVERIFY(holder.acquire(tryOnce(60s))->acquired());
        std::atomic<long long> acquiredAtUs {0};
        auto waiting = std::async(std::launch::async, [&] {
            ReentrantLock waiter(options(), "wakeup");
            auto result = waiter.acquire(waitUpTo(20s));
            acquiredAtUs
                = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now().time_since_epoch())
                      .count();
            const bool ok = result.ok() && result->acquired();
            if (ok)
                (void)waiter.release();
            return ok;
        });
        const std::string channel = LockKeyNames::lockChannel("wakeup");
        QCOMPARE(channel, std::string("redisson_lock__channel:{wakeup}"));
        QVERIFY(eventually([&] { return subscribers(*m_redis, channel) == 1; }));
        std::this_thread::sleep_for(300ms); // the waiter is blocked, not between attempts
        const auto releasedAt = Clock::now();
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        QVERIFY(waiting.get());
        const auto latency = std::chrono::microseconds(acquiredAtUs.load())
            - std::chrono::duration_cast<std::chrono::microseconds>(releasedAt.time_since_epoch());
        qInfo("wake-up latency: %lld us", static_cast<long long>(latency.count()));
        QVERIFY(latency < 500ms);
    }

    void waiterIsVisibleInTheRegistryOnlyWhileWaiting()
    {
        ReentrantLock holder(options(), "registered");
        QVERIFY(holder.acquire(tryOnce())->acquired());
        ReentrantLock waiter(options(), "registered");
        const std::string waiterId = waiter.holderId();
        auto waiting = std::async(std::launch::async, [&] { return waiter.acquire(waitUpTo(20s)); });
        const std::string key = WaiterRegistry::keyFor("registered");
        QVERIFY(eventually([&] { return !m_redis->command({"ZSCORE", key, waiterId})->isNil(); }));
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto result = waiting.get();
        QVERIFY(result.ok() && result->acquired());
        QVERIFY(m_redis->command({"ZSCORE", key, waiterId})->isNil());
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
    }

    void waitersInOneProcessShareOneSubscriptionAndAllGetTheLock()
    {
        // Like Redisson inside one JVM: local waiters of one lock queue up and only the first
        // waits at the Redis level, so an unlock wakes one of them, not all. Each one is still
        // visible in the waiter registry.
        ReentrantLock holder(options(), "shared-wait");
        QVERIFY(holder.acquire(tryOnce())->acquired());
        std::vector<std::unique_ptr<ReentrantLock>> waiters;
        for (int i = 0; i < 3; ++i)
            waiters.push_back(std::make_unique<ReentrantLock>(options(), "shared-wait"));
        std::vector<std::future<bool>> results;
        for (auto& waiter : waiters) {
            results.push_back(std::async(std::launch::async, [&waiter] {
                auto acquired = waiter->acquire(waitUpTo(20s));
                bool ok = acquired.ok() && acquired->acquired();
                if (ok)
                    ok = waiter->release().ok();
                return ok;
            }));
        }
        const std::string registry = WaiterRegistry::keyFor("shared-wait");
        QVERIFY(eventually([&] { return m_redis->command({"ZCARD", registry})->integer() == 3; }));
        const std::string channel = LockKeyNames::lockChannel("shared-wait");
        QVERIFY(eventually([&] { return subscribers(*m_redis, channel) == 1; }));
        QCOMPARE(subscribers(*m_redis, channel), 1LL);
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        for (auto& result : results)
            QVERIFY(result.get());
        QCOMPARE(m_redis->command({"ZCARD", registry})->integer(), 0LL);
        QCOMPARE(m_redis->command({"EXISTS", "shared-wait"})->integer(), 0LL);
    }

    void releaseHandsTheLockToAReadyLocalWaiterInOneStep()
    {
        // In-process handoff: the unlock script makes the waiter the holder (its own field,
        // count 1, its lease, the next fence, its registry entry gone) and publishes no notice.
        ReentrantLock holder(options(), "handoff");
        auto held = holder.acquire(tryOnce());
        QVERIFY(held.ok() && held->acquired());
        ReentrantLock waiter(options(), "handoff");
        auto waiting = std::async(std::launch::async, [&] { return waiter.acquire(waitUpTo(20s, 7000ms)); });
        QVERIFY(eventually([&] { return holder.localWaitersReadyForHandoff() == 1; }));
        auto listener = test::connectTo(*m_server);
        QVERIFY(listener);
        QVERIFY(listener->send({"SUBSCRIBE", LockKeyNames::lockChannel("handoff")}).ok());
        QVERIFY(listener->readReply(5s).ok());

        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto result = waiting.get();
        QVERIFY(result.ok() && result->acquired());
        QCOMPARE(result->fence, std::optional<long long>(*held->fence + 1));
        QCOMPARE(waiter.holdCount(), 1);
        QCOMPARE(m_redis->command({"HLEN", "handoff"})->integer(), 1LL);
        QCOMPARE(m_redis->command({"HGET", "handoff", waiter.holderId()})->text(), std::string("1"));
        const long long ttl = m_redis->command({"PTTL", "handoff"})->integer();
        QVERIFY2(ttl > 5000 && ttl <= 7000, std::to_string(ttl).c_str());
        QCOMPARE(m_redis->command({"ZCARD", WaiterRegistry::keyFor("handoff")})->integer(), 0LL);
        QCOMPARE(listener->readReply(200ms).error().kind, ErrorKind::Timeout);

        QCOMPARE(*waiter.release(), HoldOutcome::Done); // nobody waits: Redisson's notice again
        auto notice = listener->readReply(5s);
        QVERIFY(notice.ok());
        QCOMPARE(notice->at(2).text(), std::string("0"));
        QCOMPARE(m_redis->command({"EXISTS", "handoff"})->integer(), 0LL);
    }

    void aHandoffStillHappensAfterTheServerForgotItsScripts()
    {
        // The handing-over unlock goes out as EVALSHA behind a PING; NOSCRIPT there must fall
        // back to the whole script, not lose the release or the waiter.
        ReentrantLock holder(options(), "handoff-flushed");
        auto held = holder.acquire(tryOnce());
        QVERIFY(held.ok() && held->acquired());
        ReentrantLock waiter(options(), "handoff-flushed");
        auto waiting = std::async(std::launch::async, [&] { return waiter.acquire(waitUpTo(20s, 7000ms)); });
        QVERIFY(eventually([&] { return holder.localWaitersReadyForHandoff() == 1; }));
        QVERIFY(m_redis->command({"SCRIPT", "FLUSH"}).ok());

        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto result = waiting.get();
        QVERIFY(result.ok() && result->acquired());
        QCOMPARE(result->fence, std::optional<long long>(*held->fence + 1));
        QCOMPARE(m_redis->command({"HGET", "handoff-flushed", waiter.holderId()})->text(), std::string("1"));
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "handoff-flushed"})->integer(), 0LL);
    }

    void theWatchdogRenewsAHandedOverHold()
    {
        ReentrantLock holder(options(), "handoff-renewed");
        QVERIFY(holder.acquire(tryOnce())->acquired());
        ReentrantLock waiter(options(), "handoff-renewed");
        auto waiting = std::async(std::launch::async, [&] {
            auto renewed = waitUpTo(20s, 600ms);
            renewed.watchdog = true;
            return waiter.acquire(renewed);
        });
        QVERIFY(eventually([&] { return holder.localWaitersReadyForHandoff() == 1; }));
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto result = waiting.get();
        QVERIFY(result.ok() && result->acquired());
        std::this_thread::sleep_for(1500ms); // two and a half leases
        QCOMPARE(m_redis->command({"HGET", "handoff-renewed", waiter.holderId()})->text(), std::string("1"));
        QVERIFY(waiter.renewalState());
        QVERIFY(waiter.renewalState()->renewals() >= 2);
        QVERIFY(!waiter.renewalFailed());
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "handoff-renewed"})->integer(), 0LL);
    }

    void aLocalWaiterGetsALockWhoseLocalHolderLetItExpire()
    {
        // The waiter does not look while a holder of this process holds the lock (that
        // holder's release would offer it); a hold that expires instead is still noticed.
        ReentrantLock holder(options(), "handoff-expired");
        QVERIFY(holder.acquire(tryOnce(300ms))->acquired());
        ReentrantLock waiter(options(), "handoff-expired");
        const auto started = Clock::now();
        auto result = waiter.acquire(waitUpTo(10s));
        QVERIFY(result.ok() && result->acquired());
        QVERIFY(Clock::now() - started < 5s);
        QCOMPARE(m_redis->command({"HGET", "handoff-expired", waiter.holderId()})->text(), std::string("1"));
        QCOMPARE(*holder.release(), HoldOutcome::Lost);
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
    }

    void aRedissonWaiterInAnotherProcessIsNotPassedOverForever()
    {
        // Three local clients keep handing the lock to each other (lease 30 s, so a waiter
        // that only retried when the lease runs out would wait 30 s; the child gives up at 15). A Redisson
        // client in another process waits for the unlock notice; after maxHandoffsPastOthers handoffs a
        // release publishes it and the Redisson client races for the lock, and wins one.
        const std::string name = "handoff-redisson";
        const std::string channel = LockKeyNames::lockChannel(name);
        const ConnectionOptions connection = options();
        auto redisson = test::ForkedChild::start([&](const std::function<void()>& ready) {
            auto conn = RedisConnection::connect(connection);
            auto subscription = RedisConnection::connect(connection);
            if (!conn || !subscription)
                return 2;
            const std::string field = "5b4a3928-1706-4f5e-9d8c-7b6a59483726:1";
            const auto giveUpAt = Clock::now() + 15s;
            while ((*conn)->command({"EXISTS", name})->integer() == 0) {
                if (Clock::now() > giveUpAt)
                    return 3;
                std::this_thread::sleep_for(5ms);
            }
            if (!(*subscription)->send({"SUBSCRIBE", channel}) || !(*subscription)->readReply(5s))
                return 4;
            ready();
            while (Clock::now() < giveUpAt) {
                auto tried = (*conn)->command(
                    LuaScript::eval(ReentrantLock::redissonAcquireScript, {name}, {"30000", field}));
                if (tried && tried->isNil()) {
                    (void)(*conn)->command(LuaScript::eval(
                        ReentrantLock::redissonUnlockScript, {name, channel}, {"0", "30000", field}));
                    return 0;
                }
                // Like Redisson: wait for the notice, or the holder's TTL (about 30 s).
                (void)(*subscription)->readReply(25s);
            }
            return 1;
        });
        QVERIFY(redisson);
        std::atomic<bool> stop {false};
        std::atomic<long long> localHolds {0};
        std::vector<std::thread> locals;
        for (int i = 0; i < 3; ++i) {
            locals.emplace_back([&] {
                ReentrantLock lock(options(), name);
                while (!stop) {
                    auto acquired = lock.acquire(waitUpTo(20s));
                    if (!acquired || !acquired->acquired())
                        continue;
                    ++localHolds;
                    std::this_thread::sleep_for(10ms); // long enough for the next to be ready
                    (void)lock.release();
                }
            });
        }
        QVERIFY(redisson->waitUntilReady(10s));
        const int status = redisson->wait();
        stop = true;
        for (auto& local : locals)
            local.join();
        QCOMPARE(status, 0);
        QVERIFY(localHolds > 0);
        QCOMPARE(m_redis->command({"EXISTS", name})->integer(), 0LL);
    }

    void waitingForAHolderThatDiesEndsWhenItsLeaseRunsOut()
    {
        // A holder that never unlocks (no message will come): the waiter retries at its TTL.
        QVERIFY(m_redis->command({"HSET", "abandoned", "dead-client:1", "1"}).ok());
        QVERIFY(m_redis->command({"PEXPIRE", "abandoned", "700"}).ok());
        ReentrantLock waiter(options(), "abandoned");
        const auto started = Clock::now();
        auto result = waiter.acquire(waitUpTo(10s));
        QVERIFY(result.ok() && result->acquired());
        QVERIFY(Clock::now() - started < 3s);
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
    }

    void cancellationEndsAWait()
    {
        ReentrantLock holder(options(), "cancelled");
        QVERIFY(holder.acquire(tryOnce())->acquired());
        CancellationToken cancel;
        AcquireOptions waitForever;
        waitForever.wait = std::nullopt;
        waitForever.cancel = &cancel;
        ReentrantLock waiter(options(), "cancelled");
        auto waiting = std::async(std::launch::async, [&] { return waiter.acquire(waitForever); });
        QVERIFY(
            eventually([&] { return subscribers(*m_redis, LockKeyNames::lockChannel("cancelled")) == 1; }));
        cancel.cancel();
        auto result = waiting.get();
        QVERIFY(result.ok());
        QCOMPARE(result->outcome, AcquireOutcome::Cancelled);
        QCOMPARE(m_redis->command({"ZCARD", WaiterRegistry::keyFor("cancelled")})->integer(), 0LL);
        QCOMPARE(*holder.release(), HoldOutcome::Done);
    }

    void isHeldMayBeAskedFromAnotherThreadWhileTheOwnerWaits()
    {
        ReentrantLock holder(options(), "probed");
        QVERIFY(holder.acquire(tryOnce())->acquired());
        ReentrantLock waiter(options(), "probed");
        auto waiting = std::async(std::launch::async, [&] { return waiter.acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] { return subscribers(*m_redis, LockKeyNames::lockChannel("probed")) == 1; }));
        for (int i = 0; i < 20; ++i) {
            auto held = waiter.isHeld();
            QVERIFY(held.ok());
            QVERIFY(!*held);
        }
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto result = waiting.get();
        QVERIFY(result.ok() && result->acquired());
        QVERIFY(*waiter.isHeld());
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
    }

    void anUnreachableServerIsAnErrorNotAnOutcome()
    {
        auto gone = test::startServer();
        QVERIFY(gone);
        ConnectionOptions unreachable = test::optionsFor(*gone);
        unreachable.reconnect.budget = 200ms;
        gone->kill();
        ReentrantLock lock(unreachable, "nowhere");
        auto result = lock.acquire(waitUpTo(1s));
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind, ErrorKind::ConnectionRefused);
    }

    void releaseAfterTheLeaseRanOutReportsTheHoldLost()
    {
        ReentrantLock lock(options(), "expired");
        QVERIFY(lock.acquire(tryOnce(150ms))->acquired());
        QVERIFY(eventually([&] { return m_redis->command({"EXISTS", "expired"})->integer() == 0; }));
        ReentrantLock other(options(), "expired");
        QVERIFY(other.acquire(tryOnce())->acquired());
        QCOMPARE(*lock.extend(10s), HoldOutcome::Lost);
        QVERIFY(lock.acquire(tryOnce())->outcome == AcquireOutcome::TimedOut);
        QCOMPARE(m_redis->command({"HGET", "expired", other.holderId()})->text(), std::string("1"));
        QCOMPARE(*other.release(), HoldOutcome::Done);
    }

    void extendSetsANewLease()
    {
        ReentrantLock lock(options(), "extended");
        QVERIFY(lock.acquire(tryOnce(1s))->acquired());
        QCOMPARE(*lock.extend(60s), HoldOutcome::Done);
        QVERIFY(m_redis->command({"PTTL", "extended"})->integer() > 50000);
        QCOMPARE(*lock.release(), HoldOutcome::Done);
    }

    void fencesStrictlyIncreaseAcrossHolders()
    {
        std::vector<long long> fences;
        for (int i = 0; i < 5; ++i) {
            ReentrantLock lock(options(), "fenced");
            auto acquired = lock.acquire(tryOnce());
            QVERIFY(acquired.ok() && acquired->fence);
            fences.push_back(*acquired->fence);
            // A re-entry is the same hold: same token.
            QCOMPARE(lock.acquire(tryOnce())->fence, acquired->fence);
            QCOMPARE(lock.fence(), acquired->fence);
            QCOMPARE(*lock.release(), HoldOutcome::Done);
            QCOMPARE(*lock.release(), HoldOutcome::Done);
            QVERIFY(!lock.fence());
        }
        for (size_t i = 1; i < fences.size(); ++i)
            QVERIFY(fences[i] > fences[i - 1]);
        QCOMPARE(
            m_redis->command({"GET", "redisson_lock_token:{fenced}"})->text(), std::to_string(fences.back()));
    }

    void fencesStrictlyIncreaseUnderContention()
    {
        std::mutex mutex;
        std::vector<long long> order;
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([&] {
                ReentrantLock lock(options(), "fenced-contended");
                for (int i = 0; i < 5; ++i) {
                    auto acquired = lock.acquire(waitUpTo(20s));
                    if (!acquired || !acquired->acquired())
                        return;
                    {
                        std::lock_guard guard(mutex);
                        order.push_back(acquired->fence.value_or(-1));
                    }
                    (void)lock.release();
                }
            });
        }
        for (auto& thread : threads)
            thread.join();
        QCOMPARE(order.size(), size_t(20));
        for (size_t i = 1; i < order.size(); ++i)
            QVERIFY2(order[i] > order[i - 1], "fences recorded inside the lock must increase");
    }

    void braceNamesKeepTheirOwnHashTag()
    {
        QCOMPARE(LockKeyNames::lockChannel("user{42}"), std::string("redisson_lock__channel:user{42}"));
        QCOMPARE(LockKeyNames::fenceCounter("user{42}"), std::string("redisson_lock_token:user{42}"));
        ReentrantLock lock(options(), "user{42}");
        QVERIFY(lock.acquire(tryOnce())->acquired());
        QCOMPARE(m_redis->command({"EXISTS", "redisson_lock_token:user{42}"})->integer(), 1LL);
        QCOMPARE(*lock.release(), HoldOutcome::Done);
    }

    // --- interop with Redisson's exact format ---

    void aLockWrittenAsRedissonWritesItBlocksLockScope()
    {
        const std::string redissonField = "5f0c8b1e-3a52-4f7d-9d4e-2b1f6a0c9e11:1";
        QVERIFY(m_redis->command({"HSET", "interop-written", redissonField, "1"}).ok());
        QVERIFY(m_redis->command({"PEXPIRE", "interop-written", "30000"}).ok());
        ReentrantLock lock(options(), "interop-written");
        QCOMPARE(lock.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(m_redis->command({"HGET", "interop-written", redissonField})->text(), std::string("1"));
        QVERIFY(m_redis->command({"DEL", "interop-written"}).ok());
    }

    void redissonsAcquireScriptBlocksLockScope()
    {
        const std::string redissonField = "9d1e0a44-7c1b-4a0e-8f5f-0c4b3d2a1e77:42";
        auto taken = m_redis->command(LuaScript::eval(
            ReentrantLock::redissonAcquireScript, {"interop-script"}, {"30000", redissonField}));
        QVERIFY(taken.ok() && taken->isNil()); // nil: Redisson acquired
        ReentrantLock lock(options(), "interop-script");
        QCOMPARE(lock.acquire(tryOnce())->outcome, AcquireOutcome::TimedOut);
        // And Redisson re-enters its own hold, as it would.
        QVERIFY(m_redis
                    ->command(LuaScript::eval(
                        ReentrantLock::redissonAcquireScript, {"interop-script"}, {"30000", redissonField}))
                    ->isNil());
        QCOMPARE(m_redis->command({"HGET", "interop-script", redissonField})->text(), std::string("2"));
        QVERIFY(m_redis->command({"DEL", "interop-script"}).ok());
    }

    void lockScopesLockBlocksRedissonsAcquireScript()
    {
        ReentrantLock lock(options(), "interop-ours");
        QVERIFY(lock.acquire(tryOnce(30s))->acquired());
        auto refused = m_redis->command(LuaScript::eval(ReentrantLock::redissonAcquireScript,
            {"interop-ours"}, {"30000", "0b7e4f2c-1d3a-4c5b-8e6f-7a8b9c0d1e2f:7"}));
        QVERIFY(refused.ok());
        QVERIFY(refused->isInteger()); // Redisson got the remaining TTL: blocked
        QVERIFY(refused->integer() > 25000);
        // Redisson's unlock from another thread id is refused too (nil).
        auto notTheirs = m_redis->command(LuaScript::eval(ReentrantLock::redissonUnlockScript,
            {"interop-ours", LockKeyNames::lockChannel("interop-ours")},
            {"0", "30000", "0b7e4f2c-1d3a-4c5b-8e6f-7a8b9c0d1e2f:7"}));
        QVERIFY(notTheirs.ok() && notTheirs->isNil());
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        // Redisson's unlock accepts a LockScope holder's field: same format.
        QVERIFY(lock.acquire(tryOnce())->acquired());
        auto unlocked = m_redis->command(LuaScript::eval(ReentrantLock::redissonUnlockScript,
            {"interop-ours", LockKeyNames::lockChannel("interop-ours")}, {"0", "30000", lock.holderId()}));
        QCOMPARE(unlocked->toInteger(), std::optional<long long>(1));
        QCOMPARE(m_redis->command({"EXISTS", "interop-ours"})->integer(), 0LL);
    }

    void redissonsUnlockWakesALockScopeWaiter()
    {
        const std::string redissonField = "3c2b1a09-8f7e-4d6c-9b5a-493827161504:1";
        QVERIFY(m_redis
                    ->command(LuaScript::eval(
                        ReentrantLock::redissonAcquireScript, {"interop-wake"}, {"60000", redissonField}))
                    ->isNil());
        ReentrantLock waiter(options(), "interop-wake");
        auto waiting = std::async(std::launch::async, [&] {
            auto result = waiter.acquire(waitUpTo(20s));
            return std::make_pair(result.ok() && result->acquired(), Clock::now());
        });
        QVERIFY(
            eventually([&] { return subscribers(*m_redis, "redisson_lock__channel:{interop-wake}") == 1; }));
        std::this_thread::sleep_for(200ms);
        const auto unlockedAt = Clock::now();
        auto unlocked = m_redis->command(LuaScript::eval(ReentrantLock::redissonUnlockScript,
            {"interop-wake", "redisson_lock__channel:{interop-wake}"}, {"0", "60000", redissonField}));
        QCOMPARE(unlocked->toInteger(), std::optional<long long>(1));
        auto [acquired, at] = waiting.get();
        QVERIFY(acquired);
        QVERIFY(at - unlockedAt < 500ms);
        QCOMPARE(m_redis->command({"HGET", "interop-wake", waiter.holderId()})->text(), std::string("1"));
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
    }

    void lockScopesUnlockPublishesRedissonsMessage()
    {
        // A Redisson waiter listens for "0" on the channel; check the exact message.
        auto listener = test::connectTo(*m_server);
        QVERIFY(listener);
        QVERIFY(listener->send({"SUBSCRIBE", "redisson_lock__channel:{interop-notice}"}).ok());
        QVERIFY(listener->readReply(5s).ok());
        ReentrantLock lock(options(), "interop-notice");
        QVERIFY(lock.acquire(tryOnce())->acquired());
        QVERIFY(lock.acquire(tryOnce())->acquired());
        QCOMPARE(*lock.release(), HoldOutcome::Done); // re-entry released: no notice yet
        QCOMPARE(listener->readReply(200ms).error().kind, ErrorKind::Timeout);
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        auto message = listener->readReply(5s);
        QVERIFY(message.ok());
        QCOMPARE(message->at(0).text(), std::string("message"));
        QCOMPARE(message->at(1).text(), std::string("redisson_lock__channel:{interop-notice}"));
        QCOMPARE(message->at(2).text(), std::string("0"));
    }
};

QTEST_GUILESS_MAIN(tst_ReentrantLock)
#include "tst_ReentrantLock.moc"
