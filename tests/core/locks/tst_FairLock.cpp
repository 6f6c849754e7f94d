#include "locks/FairLock.h"
#include "locks/LockKeyNames.h"
#include "support/ForkedChild.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <future>
#include <mutex>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

using test::epochMillis;
using test::eventually;
using test::waitUpTo;

namespace {
using Clock = std::chrono::steady_clock;
} // namespace

class tst_FairLock : public test::RedisTestCase
{
    Q_OBJECT

    long long queueLength(const std::string& name)
    {
        return m_redis->command({"LLEN", LockKeyNames::fairQueue(name)})->integer();
    }

private slots:
    void waiterIsQueuedInRedissonsFormat()
    {
        FairLock holder(options(), "fair-format");
        QVERIFY(holder.acquire(waitUpTo(0ms, 10s))->acquired());
        QCOMPARE(m_redis->command({"HGET", "fair-format", holder.holderId()})->text(), std::string("1"));
        FairLock waiter(options(), "fair-format");
        auto waiting = std::async(std::launch::async, [&] { return waiter.acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] { return queueLength("fair-format") == 1; }));
        QCOMPARE(m_redis->command({"LINDEX", "redisson_lock_queue:{fair-format}", "0"})->text(),
            waiter.holderId());
        const auto deadline
            = m_redis->command({"ZSCORE", "redisson_lock_timeout:{fair-format}", waiter.holderId()})
                  ->toInteger();
        QVERIFY(deadline);
        // The lock's remaining lease plus threadWaitTime, as an absolute epoch-ms moment.
        QVERIFY(*deadline > epochMillis() + 10000 && *deadline <= epochMillis() + 10000 + 5000 + 1000);
        const std::string channel = "redisson_lock__channel:{fair-format}:" + waiter.holderId();
        QVERIFY(eventually([&] {
            return m_redis->command({"PUBSUB", "NUMSUB", channel})->at(1).toInteger() == 1LL;
        }));
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto result = waiting.get();
        QVERIFY(result.ok() && result->acquired());
        QCOMPARE(m_redis->command({"EXISTS", "redisson_lock_queue:{fair-format}"})->integer(), 0LL);
        QCOMPARE(m_redis->command({"EXISTS", "redisson_lock_timeout:{fair-format}"})->integer(), 0LL);
        QCOMPARE(*waiter.release(), HoldOutcome::Done);
    }

    void reentryCountsUpAndDown()
    {
        FairLock lock(options(), "fair-reentry");
        QVERIFY(lock.acquire(waitUpTo(0ms))->acquired());
        QVERIFY(lock.acquire(waitUpTo(0ms))->acquired());
        QCOMPARE(m_redis->command({"HGET", "fair-reentry", lock.holderId()})->text(), std::string("2"));
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"HGET", "fair-reentry", lock.holderId()})->text(), std::string("1"));
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        QCOMPARE(m_redis->command({"EXISTS", "fair-reentry"})->integer(), 0LL);
    }

    void grantsTheLockToTenWaitersInArrivalOrder()
    {
        FairLock holder(options(), "fair-fifo");
        QVERIFY(holder.acquire(waitUpTo(0ms))->acquired());
        std::mutex mutex;
        std::vector<int> order;
        std::vector<long long> fences;
        std::vector<std::thread> waiters;
        for (int i = 0; i < 10; ++i) {
            waiters.emplace_back([&, i] {
                FairLock lock(options(), "fair-fifo"); // its own connections
                auto result = lock.acquire(waitUpTo(30s));
                if (!result || !result->acquired())
                    return;
                {
                    std::lock_guard guard(mutex);
                    order.push_back(i);
                    fences.push_back(result->fence.value_or(-1));
                }
                std::this_thread::sleep_for(20ms);
                (void)lock.release();
            });
            // Arrival order is queue order: wait until this one is queued.
            QVERIFY(eventually([&] { return queueLength("fair-fifo") == i + 1; }));
        }
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        for (auto& waiter : waiters)
            waiter.join();
        QCOMPARE(order, (std::vector<int> {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
        for (size_t i = 1; i < fences.size(); ++i)
            QVERIFY(fences[i] > fences[i - 1]);
        QCOMPARE(queueLength("fair-fifo"), 0LL);
    }

    void newcomerDoesNotJumpTheQueue()
    {
        // A Redisson waiter queued with a live deadline: the lock is free, yet not ours.
        const std::string redissonWaiter = "6e5d4c3b-2a19-4807-b6f5-e4d3c2b1a098:3";
        QVERIFY(m_redis->command({"RPUSH", "redisson_lock_queue:{fair-queued}", redissonWaiter}).ok());
        QVERIFY(m_redis
                    ->command({"ZADD", "redisson_lock_timeout:{fair-queued}",
                        std::to_string(epochMillis() + 20000), redissonWaiter})
                    .ok());
        FairLock lock(options(), "fair-queued");
        QCOMPARE(lock.acquire(waitUpTo(0ms))->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(
            m_redis->command({"LRANGE", "redisson_lock_queue:{fair-queued}", "0", "-1"})->size(), size_t(1));
        QCOMPARE(m_redis->command({"EXISTS", "fair-queued"})->integer(), 0LL);
        QVERIFY(
            m_redis
                ->command({"DEL", "redisson_lock_queue:{fair-queued}", "redisson_lock_timeout:{fair-queued}"})
                .ok());
    }

    void unlockWakesARedissonHeadWaiterOnItsOwnChannel()
    {
        FairLock holder(options(), "fair-redisson-head");
        QVERIFY(holder.acquire(waitUpTo(0ms))->acquired());
        // A Redisson thread queued as RedissonFairLock queues it, listening on its own channel.
        const std::string redissonWaiter = "1a2b3c4d-5e6f-4a0b-9c1d-2e3f4a5b6c7d:9";
        QVERIFY(m_redis->command({"RPUSH", "redisson_lock_queue:{fair-redisson-head}", redissonWaiter}).ok());
        QVERIFY(m_redis
                    ->command({"ZADD", "redisson_lock_timeout:{fair-redisson-head}",
                        std::to_string(epochMillis() + 35000), redissonWaiter})
                    .ok());
        auto listener = test::connectTo(*m_server);
        QVERIFY(listener);
        const std::string channel = "redisson_lock__channel:{fair-redisson-head}:" + redissonWaiter;
        QVERIFY(listener->send({"SUBSCRIBE", channel}).ok());
        QVERIFY(listener->readReply(5s).ok());
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto message = listener->readReply(5s);
        QVERIFY(message.ok());
        QCOMPARE(message->at(1).text(), channel);
        QCOMPARE(message->at(2).text(), std::string("0"));
        // The Redisson waiter is still first in line: a LockScope newcomer does not take it.
        FairLock newcomer(options(), "fair-redisson-head");
        QCOMPARE(newcomer.acquire(waitUpTo(0ms))->outcome, AcquireOutcome::TimedOut);
        QVERIFY(m_redis
                    ->command({"DEL", "redisson_lock_queue:{fair-redisson-head}",
                        "redisson_lock_timeout:{fair-redisson-head}"})
                    .ok());
    }

    void releaseHandsTheLockToTheLocalHeadOfTheQueue()
    {
        // In-process handoff: the head of the queue is a ready waiter of this process, so the
        // unlock script makes it the holder (its field, count 1, a new fence, out of the queue;
        // the one behind moves up) and publishes the unlock notice to nobody.
        FairLock holder(options(), "fair-handoff");
        auto held = holder.acquire(waitUpTo(0ms));
        QVERIFY(held.ok() && held->acquired());
        FairLock first(options(), "fair-handoff");
        FairLock second(options(), "fair-handoff");
        auto firstWaiting = std::async(std::launch::async, [&] { return first.acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] { return holder.localWaitersReadyForHandoff() == 1; }));
        auto secondWaiting = std::async(std::launch::async, [&] { return second.acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] { return holder.localWaitersReadyForHandoff() == 2; }));
        auto listener = test::connectTo(*m_server);
        QVERIFY(listener);
        const std::string firstChannel = LockKeyNames::lockChannel("fair-handoff") + ":" + first.holderId();
        QVERIFY(listener->send({"SUBSCRIBE", firstChannel}).ok());
        QVERIFY(listener->readReply(5s).ok());

        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto firstResult = firstWaiting.get();
        QVERIFY(firstResult.ok() && firstResult->acquired());
        QCOMPARE(firstResult->fence, std::optional<long long>(*held->fence + 1));
        QCOMPARE(first.holdCount(), 1);
        QCOMPARE(m_redis->command({"HGET", "fair-handoff", first.holderId()})->text(), std::string("1"));
        auto queue = m_redis->command({"LRANGE", LockKeyNames::fairQueue("fair-handoff"), "0", "-1"});
        QCOMPARE(queue->size(), size_t(1));
        QCOMPARE(queue->at(0).text(), second.holderId());
        QCOMPARE(listener->readReply(200ms).error().kind, ErrorKind::Timeout);

        QCOMPARE(*first.release(), HoldOutcome::Done);
        auto secondResult = secondWaiting.get();
        QVERIFY(secondResult.ok() && secondResult->acquired());
        QCOMPARE(secondResult->fence, std::optional<long long>(*held->fence + 2));
        QCOMPARE(*second.release(), HoldOutcome::Done);
        QCOMPARE(queueLength("fair-handoff"), 0LL);
        QCOMPARE(m_redis->command({"EXISTS", "fair-handoff"})->integer(), 0LL);
    }

    void aRedissonHeadOfTheQueueIsNotPassedOverByAHandoff()
    {
        // The head is a Redisson thread, a local waiter is ready behind it: the release wakes
        // the head, as Redisson's would, and leaves the lock free for it.
        FairLock holder(options(), "fair-handoff-redisson", HolderIdentity::next(), nullptr, 300ms);
        QVERIFY(holder.acquire(waitUpTo(0ms))->acquired());
        const std::string redissonWaiter = "0f1e2d3c-4b5a-4968-8776-655443322110:4";
        const std::string queueKey = LockKeyNames::fairQueue("fair-handoff-redisson");
        const std::string timeoutKey = LockKeyNames::fairTimeouts("fair-handoff-redisson");
        QVERIFY(m_redis->command({"RPUSH", queueKey, redissonWaiter}).ok());
        QVERIFY(m_redis->command({"ZADD", timeoutKey, std::to_string(epochMillis() + 60000), redissonWaiter})
                    .ok());
        FairLock local(options(), "fair-handoff-redisson", HolderIdentity::next(), nullptr, 300ms);
        auto waiting = std::async(std::launch::async, [&] { return local.acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] { return holder.localWaitersReadyForHandoff() == 1; }));
        auto listener = test::connectTo(*m_server);
        QVERIFY(listener);
        const std::string channel = LockKeyNames::lockChannel("fair-handoff-redisson") + ":" + redissonWaiter;
        QVERIFY(listener->send({"SUBSCRIBE", channel}).ok());
        QVERIFY(listener->readReply(5s).ok());

        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto notice = listener->readReply(5s);
        QVERIFY(notice.ok());
        QCOMPARE(notice->at(2).text(), std::string("0"));
        QCOMPARE(m_redis->command({"EXISTS", "fair-handoff-redisson"})->integer(), 0LL);
        QCOMPARE(m_redis->command({"LINDEX", queueKey, "0"})->text(), redissonWaiter);
        QCOMPARE(waiting.wait_for(300ms), std::future_status::timeout);

        // The Redisson thread gives up its place: the local waiter's next refresh takes the lock.
        QVERIFY(m_redis->command({"LREM", queueKey, "0", redissonWaiter}).ok());
        QVERIFY(m_redis->command({"ZREM", timeoutKey, redissonWaiter}).ok());
        auto result = waiting.get();
        QVERIFY(result.ok() && result->acquired());
        QCOMPARE(*local.release(), HoldOutcome::Done);
    }

    void waiterThatGivesUpLeavesTheQueue()
    {
        FairLock holder(options(), "fair-giveup");
        QVERIFY(holder.acquire(waitUpTo(0ms))->acquired());
        FairLock waiter(options(), "fair-giveup");
        auto result = waiter.acquire(waitUpTo(300ms));
        QVERIFY(result.ok());
        QCOMPARE(result->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(queueLength("fair-giveup"), 0LL);
        QCOMPARE(m_redis->command({"ZCARD", "redisson_lock_timeout:{fair-giveup}"})->integer(), 0LL);
        QCOMPARE(*holder.release(), HoldOutcome::Done);
    }

    void liveWaiterKeepsItsPlacePastItsFirstDeadline()
    {
        // threadWaitTime 300 ms, holder keeps the lock 1.5 s: Redisson's waiter would have been
        // dropped as stale; a live LockScope waiter refreshes its deadline and stays first.
        FairLock holder(options(), "fair-patient", HolderIdentity::next(), nullptr, 300ms);
        QVERIFY(holder.acquire(waitUpTo(0ms, 400ms))->acquired());
        QCOMPARE(*holder.extend(400ms), HoldOutcome::Done);
        FairLock first(options(), "fair-patient", HolderIdentity::next(), nullptr, 300ms);
        FairLock second(options(), "fair-patient", HolderIdentity::next(), nullptr, 300ms);
        auto firstWaiting = std::async(std::launch::async, [&] { return first.acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] { return queueLength("fair-patient") == 1; }));
        auto secondWaiting = std::async(std::launch::async, [&] { return second.acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] { return queueLength("fair-patient") == 2; }));
        for (int i = 0; i < 5; ++i) {
            std::this_thread::sleep_for(300ms);
            QCOMPARE(*holder.extend(400ms), HoldOutcome::Done);
        }
        QCOMPARE(m_redis->command({"LINDEX", "redisson_lock_queue:{fair-patient}", "0"})->text(),
            first.holderId());
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto firstResult = firstWaiting.get();
        QVERIFY(firstResult.ok() && firstResult->acquired());
        QCOMPARE(secondWaiting.wait_for(0ms), std::future_status::timeout);
        QCOMPARE(*first.release(), HoldOutcome::Done);
        auto secondResult = secondWaiting.get();
        QVERIFY(secondResult.ok() && secondResult->acquired());
        QCOMPARE(*second.release(), HoldOutcome::Done);
    }

    void deadWaiterIsSkippedAfterItsDeadline()
    {
        const ConnectionOptions serverOptions = options();
        FairLock holder(options(), "fair-dead", HolderIdentity::next(), nullptr, 1000ms);
        QVERIFY(holder.acquire(waitUpTo(0ms, 1500ms))->acquired());
        auto dying = test::ForkedChild::start([serverOptions](const std::function<void()>& ready) {
            FairLock lock(serverOptions, "fair-dead", HolderIdentity::next(), nullptr, 1000ms);
            ready();
            auto result = lock.acquire(waitUpTo(60s));
            for (;;)
                pause();
            return result.ok() ? 0 : 1;
        });
        QVERIFY(dying);
        QVERIFY(dying->waitUntilReady(5s));
        QVERIFY(eventually([&] { return queueLength("fair-dead") == 1; }));
        const std::string deadWaiter
            = m_redis->command({"LINDEX", "redisson_lock_queue:{fair-dead}", "0"})->text();
        dying->kill();

        FairLock live(options(), "fair-dead", HolderIdentity::next(), nullptr, 1000ms);
        auto waiting = std::async(std::launch::async, [&] {
            auto result = live.acquire(waitUpTo(20s));
            return std::make_pair(result.ok() && result->acquired(), epochMillis());
        });
        QVERIFY(eventually([&] { return queueLength("fair-dead") == 2; }));
        const auto deadDeadline
            = m_redis->command({"ZSCORE", "redisson_lock_timeout:{fair-dead}", deadWaiter})->toInteger();
        QVERIFY(deadDeadline);
        // The unlock notice goes to the dead head waiter; the live one must not wait forever.
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        auto [acquired, at] = waiting.get();
        QVERIFY(acquired);
        qInfo("acquired %lld ms after the dead waiter's deadline", at - *deadDeadline);
        QVERIFY(at >= *deadDeadline - 5); // not before the dead waiter's turn had lapsed
        QVERIFY(at <= *deadDeadline + 1500);
        QCOMPARE(m_redis->command({"LPOS", "redisson_lock_queue:{fair-dead}", deadWaiter})->isNil(), true);
        QVERIFY(m_redis->command({"ZSCORE", "redisson_lock_timeout:{fair-dead}", deadWaiter})->isNil());
        QCOMPARE(*live.release(), HoldOutcome::Done);
    }
};

QTEST_GUILESS_MAIN(tst_FairLock)
#include "tst_FairLock.moc"
