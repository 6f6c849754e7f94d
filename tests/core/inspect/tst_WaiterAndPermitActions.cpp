#include "inspect/admin/ReleasePermit.h"
#include "inspect/admin/RemoveStaleWaiters.h"
#include "support/LockFormats.h"
#include "support/ObservedLock.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

using namespace lockscope;
using test::LockFormats;

namespace {
const std::string clientB = "0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a";
} // namespace

class tst_WaiterAndPermitActions : public test::RedisTestCase
{
    Q_OBJECT

    std::optional<LockSnapshot> observe(const std::string& name) { return test::observeLock(*m_redis, name); }

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void aDeadFairQueueHeadIsRemovedAndLiveWaitersStay()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(LockFormats::redissonLock(*m_redis, "fair", LockFormats::clientA, 1, 30000).ok());
        const std::string dead = clientB + ":1";
        const std::string live = clientB + ":2";
        QVERIFY(run({"RPUSH", "redisson_lock_queue:{fair}", dead, live}));
        QVERIFY(run({"ZADD", "redisson_lock_timeout:{fair}", std::to_string(now - 60000), dead,
            std::to_string(now + 60000), live}));
        auto seen = observe("fair");
        QVERIFY(seen && seen->stuck);
        auto result = RemoveStaleWaiters::remove(*m_redis, *seen);
        QVERIFY(result.ok());
        QCOMPARE(result->outcome, AdminOutcome::Done);
        auto queue = m_redis->command({"LRANGE", "redisson_lock_queue:{fair}", "0", "-1"});
        QCOMPARE(queue->size(), size_t(1));
        QCOMPARE(queue->at(0).text(), live);
        QVERIFY(m_redis->command({"ZSCORE", "redisson_lock_timeout:{fair}", dead})->isNil());
        QVERIFY(!observe("fair")->stuck);
    }

    void staleLockScopeRegistrationsAreRemoved()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(LockFormats::redissonLock(*m_redis, "shared", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(run({"ZADD", "lockscope:waiters:{shared}", std::to_string(now - 5000), "dead",
            std::to_string(now + 5000), "alive"}));
        auto result = RemoveStaleWaiters::remove(*m_redis, *observe("shared"));
        QCOMPARE(result->message.english(), std::string("1 stale waiter(s) removed"));
        QCOMPARE(m_redis->command({"ZCARD", "lockscope:waiters:{shared}"})->integer(), 1LL);
    }

    void aNodeSemaphorePermitIsGivenBackAndOthersStay()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        const std::string single = LockFormats::uuidV4();
        const std::string multi = LockFormats::uuidV4();
        QVERIFY(run({"ZADD", "semaphore:api", std::to_string(now), single, std::to_string(now), multi + "_0",
            std::to_string(now), multi + "_1"}));
        auto seen = observe("api");
        QVERIFY(seen);
        auto result = ReleasePermit::release(*m_redis, *seen, multi);
        QCOMPARE(result->outcome, AdminOutcome::Done);
        QCOMPARE(result->message.english(), std::string("2 permit(s) given back"));
        QCOMPARE(m_redis->command({"ZCARD", "semaphore:api"})->integer(), 1LL);
        QCOMPARE(ReleasePermit::release(*m_redis, *seen, multi)->outcome, AdminOutcome::HolderChanged);
    }

    void aRedissonExpirablePermitIsGivenBackAndWaitersHearTheCount()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        const std::string permit = LockFormats::randomHex(32);
        QVERIFY(run({"SET", "uploads", "0"}));
        QVERIFY(run({"ZADD", "{uploads}:timeout", std::to_string(now + 60000), permit}));
        auto waiter = test::connectTo(*m_server);
        QVERIFY(waiter->send({"SUBSCRIBE", "redisson_sc:{uploads}"}).ok());
        QVERIFY(waiter->readReply(std::chrono::milliseconds(2000)).ok());
        auto seen = observe("uploads");
        QVERIFY(seen);
        QCOMPARE(ReleasePermit::release(*m_redis, *seen, permit)->outcome, AdminOutcome::Done);
        QCOMPARE(m_redis->command({"GET", "uploads"})->text(), std::string("1"));
        auto message = waiter->readReply(std::chrono::milliseconds(2000));
        QVERIFY(message.ok());
        QCOMPARE(message->at(2).text(), std::string("1"));
    }

    void anIdleExpirableSemaphoreIsFoundByNameWithoutWaiters()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        const std::string permit = LockFormats::randomHex(32);
        QVERIFY(run({"SET", "exports", "2"}));
        QVERIFY(run({"ZADD", "{exports}:timeout", std::to_string(now + 60000), permit}));
        auto seen = observe("exports");
        QVERIFY(seen);
        QCOMPARE(ReleasePermit::release(*m_redis, *seen, permit)->outcome, AdminOutcome::Done);
        QCOMPARE(m_redis->command({"GET", "exports"})->text(), std::string("3"));
    }

    void aSemaphoreWithoutAKeyTtlShowsWhenItsLastPermitExpires()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(run({"SET", "reports", "0"}));
        QVERIFY(run({"ZADD", "{reports}:timeout", std::to_string(now + 20000), LockFormats::randomHex(32),
            std::to_string(now + 60000), LockFormats::randomHex(32)}));
        auto seen = observe("reports");
        QVERIFY(seen);
        QCOMPARE(seen->kind, LockKind::Semaphore);
        QVERIFY2(seen->ttlMs && *seen->ttlMs > 50000 && *seen->ttlMs <= 60000,
            std::to_string(seen->ttlMs.value_or(-1)).c_str());
    }

    void everyHolderOfASemaphoreIsGivenBackAtOnceAndWaitersHearIt()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(run({"SET", "uploads", "0"}));
        QVERIFY(run({"ZADD", "{uploads}:timeout", std::to_string(now + 60000), LockFormats::randomHex(32),
            std::to_string(now + 60000), LockFormats::randomHex(32)}));
        auto waiter = test::connectTo(*m_server);
        QVERIFY(waiter->send({"SUBSCRIBE", "redisson_sc:{uploads}"}).ok());
        QVERIFY(waiter->readReply(std::chrono::milliseconds(2000)).ok());
        auto seen = observe("uploads");
        QVERIFY(seen);
        QCOMPARE(seen->holders.size(), size_t(2));
        auto result = ReleasePermit::releaseAll(*m_redis, *seen);
        QVERIFY(result);
        QCOMPARE(result->outcome, AdminOutcome::Done);
        QCOMPARE(m_redis->command({"GET", "uploads"})->text(), std::string("2"));
        QCOMPARE(m_redis->command({"EXISTS", "{uploads}:timeout"})->integer(), 0LL);
        QVERIFY(waiter->readReply(std::chrono::milliseconds(2000)).ok());
    }

    void aWholeSemaphoreReleaseSaysWhichHoldersHadLetGo()
    {
        QVERIFY(LockFormats::nodeSemaphore(*m_redis, "api").ok()); // two permits taken
        QVERIFY(LockFormats::nodeSemaphore(*m_redis, "api").ok());
        auto seen = observe("api");
        QVERIFY(seen);
        QCOMPARE(seen->holders.size(), size_t(2));
        // One holder lets go between the look and the release: the others' permits still go back.
        const auto members = m_redis->command({"ZRANGE", "semaphore:api", "0", "0"});
        QVERIFY(run({"ZREM", "semaphore:api", members->at(0).text()}));
        auto result = ReleasePermit::releaseAll(*m_redis, *seen);
        QVERIFY(result);
        QCOMPARE(result->outcome, AdminOutcome::Done);
        QVERIFY2(result->message.english().find("had let go") != std::string::npos,
            result->message.english().c_str());
        QCOMPARE(m_redis->command({"EXISTS", "semaphore:api"})->integer(), 0LL);
        QCOMPARE(ReleasePermit::releaseAll(*m_redis, *seen)->outcome, AdminOutcome::HolderChanged);
    }

    void aRubySemaphoreTokenGoesBackAndWakesABlockedClient()
    {
        QVERIFY(run({"SET", "SEMAPHORE:printer:EXISTS", "1"}));
        QVERIFY(run({"HSET", "SEMAPHORE:printer:GRABBED", "0", "1700000000.25"}));
        auto waiter = test::connectTo(*m_server);
        QVERIFY(waiter->send({"BLPOP", "SEMAPHORE:printer:AVAILABLE", "0"}).ok());
        auto seen = observe("printer");
        QVERIFY(seen);
        QCOMPARE(ReleasePermit::release(*m_redis, *seen, "0")->outcome, AdminOutcome::Done);
        auto popped = waiter->readReply(std::chrono::milliseconds(5000));
        QVERIFY(popped.ok());
        QCOMPARE(popped->at(1).text(), std::string("0"));
        QCOMPARE(m_redis->command({"HLEN", "SEMAPHORE:printer:GRABBED"})->integer(), 0LL);
    }

    void actionsAreRefusedOnAReadOnlyConnection()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        const std::string holder = LockFormats::uuidV4();
        QVERIFY(run({"ZADD", "semaphore:api", std::to_string(now), holder}));
        auto seen = observe("api");
        ConnectionOptions readOnly;
        readOnly.readOnly = true;
        auto connection = test::connectTo(*m_server, readOnly);
        QCOMPARE(ReleasePermit::release(*connection, *seen, holder).error().kind, ErrorKind::ReadOnlyRefused);
        QCOMPARE(RemoveStaleWaiters::remove(*connection, *seen).error().kind, ErrorKind::ReadOnlyRefused);
        QCOMPARE(m_redis->command({"ZCARD", "semaphore:api"})->integer(), 1LL);
    }
};

QTEST_GUILESS_MAIN(tst_WaiterAndPermitActions)
#include "tst_WaiterAndPermitActions.moc"
