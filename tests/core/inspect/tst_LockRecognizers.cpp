#include "inspect/LockInspector.h"
#include "support/LockFormats.h"
#include "support/ObservedLock.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <map>
#include <thread>

using namespace lockscope;
using test::findLock;
using test::listLocks;
using test::LockFormats;

namespace {
const std::string clientB = "0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a";

bool hasKey(const LockSnapshot& lock, const std::string& key)
{
    return std::find(lock.keys.begin(), lock.keys.end(), key) != lock.keys.end();
}

} // namespace

class tst_LockRecognizers : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void redissonLockShowsClientThreadAndReentryCount()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 57, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 57, 30000).ok());
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const auto& lock = locks.front();
        QCOMPARE(lock.name, std::string("orders"));
        QCOMPARE(lock.kind, LockKind::Reentrant);
        QCOMPARE(lock.library, LockLibrary::Redisson);
        QVERIFY(lock.confidence >= 0.9);
        QCOMPARE(lock.node, std::string("test-node"));
        QCOMPARE(lock.holders.size(), size_t(1));
        QCOMPARE(lock.holders[0].clientUuid, LockFormats::clientA);
        QCOMPARE(lock.holders[0].threadId, std::string("57"));
        QCOMPARE(lock.holders[0].count, 2LL);
        QVERIFY(lock.ttlMs && *lock.ttlMs > 25000 && *lock.ttlMs <= 30000);
        QVERIFY(!lock.stuck);
    }

    void redissonLockWithoutTtlIsStuck()
    {
        QVERIFY(run({"HSET", "orphan", LockFormats::clientA + ":1", "1"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QVERIFY(locks[0].stuck);
        QVERIFY(!locks[0].ttlMs);
    }

    void nodeRedissonHolderUsesALockUuid()
    {
        const std::string lockUuid = LockFormats::uuidV4();
        QVERIFY(run({"HSET", "jobs", clientB + ":" + lockUuid, "1"}));
        QVERIFY(run({"PEXPIRE", "jobs", "10000"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].library, LockLibrary::NodeRedisson);
        QCOMPARE(locks[0].holders[0].threadId, lockUuid);
    }

    void unlockChannelSubscribersAreCountedAsWaiters()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "report", LockFormats::clientA, 1, 30000).ok());
        auto subscriber = test::connectTo(*m_server);
        QVERIFY(subscriber->send({"SUBSCRIBE", "redisson_lock__channel:{report}"}).ok());
        QVERIFY(subscriber->readReply(std::chrono::milliseconds(2000)).ok());
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].waiterCount, 1LL);
    }

    void fairLockGroupsQueueAndTimeoutWithDeadlines()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(LockFormats::redissonLock(*m_redis, "fair", LockFormats::clientA, 1, 30000).ok());
        const std::string first = clientB + ":7";
        const std::string second = clientB + ":8";
        QVERIFY(run({"RPUSH", "redisson_lock_queue:{fair}", first, second}));
        QVERIFY(run({"ZADD", "redisson_lock_timeout:{fair}", std::to_string(now + 35000), first,
            std::to_string(now + 40000), second}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const auto& lock = locks[0];
        QCOMPARE(lock.kind, LockKind::Fair);
        QVERIFY(hasKey(lock, "fair"));
        QVERIFY(hasKey(lock, "redisson_lock_queue:{fair}"));
        QVERIFY(hasKey(lock, "redisson_lock_timeout:{fair}"));
        QCOMPARE(lock.holders.size(), size_t(1));
        QCOMPARE(lock.waiters.size(), size_t(2));
        QCOMPARE(lock.waiters[0].owner, first);
        QCOMPARE(lock.waiters[0].deadlineMs.value_or(0), now + 35000);
        QCOMPARE(lock.waiters[1].owner, second);
        QCOMPARE(lock.waiterCount, 2LL);
        QVERIFY(!lock.stuck);
    }

    void fairQueueDeadlinesBeyondAnyMillisecondCountAreLeftOut()
    {
        // Found by fuzz_Recognizers: a score Redis accepts (1e300, inf) was converted to a
        // millisecond count, which is undefined behaviour (the sanitize preset aborts on it).
        QVERIFY(LockFormats::redissonLock(*m_redis, "fairfar", LockFormats::clientA, 1, 30000).ok());
        const std::string far = clientB + ":7";
        const std::string endless = clientB + ":8";
        QVERIFY(run({"RPUSH", "redisson_lock_queue:{fairfar}", far, endless}));
        QVERIFY(run({"ZADD", "redisson_lock_timeout:{fairfar}", "1e300", far, "+inf", endless}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].waiters.size(), size_t(2));
        QVERIFY(!locks[0].waiters[0].deadlineMs);
        QVERIFY(!locks[0].waiters[1].deadlineMs);
    }

    void fairQueueWaiterPastItsDeadlineMakesTheLockStuck()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        const std::string dead = clientB + ":9";
        QVERIFY(run({"RPUSH", "redisson_lock_queue:{fair2}", dead}));
        QVERIFY(run({"ZADD", "redisson_lock_timeout:{fair2}", std::to_string(now - 60000), dead}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].name, std::string("fair2"));
        QCOMPARE(locks[0].kind, LockKind::Fair);
        QVERIFY(locks[0].holders.empty());
        QVERIFY(locks[0].stuck);
        QCOMPARE(locks[0].keys.size(), size_t(2));
    }

    void readLocksShowEveryReaderAndGroupTheirTimeoutKeys()
    {
        QVERIFY(LockFormats::redissonReadLock(*m_redis, "catalog", LockFormats::clientA, 3, 30000).ok());
        QVERIFY(LockFormats::redissonReadLock(*m_redis, "catalog", LockFormats::clientA, 3, 30000).ok());
        QVERIFY(LockFormats::redissonReadLock(*m_redis, "catalog", clientB, 4, 30000).ok());
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const auto& lock = locks[0];
        QCOMPARE(lock.kind, LockKind::ReadWrite);
        QCOMPARE(lock.holders.size(), size_t(2));
        for (const auto& holder : lock.holders) {
            QCOMPARE(holder.mode, HolderMode::Read);
            QCOMPARE(holder.count, holder.clientUuid == LockFormats::clientA ? 2LL : 1LL);
        }
        QVERIFY(hasKey(lock, "{catalog}:" + LockFormats::clientA + ":3:rwlock_timeout:1"));
        QVERIFY(hasKey(lock, "{catalog}:" + LockFormats::clientA + ":3:rwlock_timeout:2"));
        QVERIFY(hasKey(lock, "{catalog}:" + clientB + ":4:rwlock_timeout:1"));
        QCOMPARE(lock.keys.size(), size_t(4));
    }

    void writeLockShowsTheWriterAndItsOwnReadHold()
    {
        QVERIFY(LockFormats::redissonWriteLock(*m_redis, "ledger", LockFormats::clientA, 11, 30000).ok());
        QVERIFY(LockFormats::redissonWriteLock(*m_redis, "ledger", LockFormats::clientA, 11, 30000).ok());
        QVERIFY(LockFormats::redissonReadLock(*m_redis, "ledger", LockFormats::clientA, 11, 30000)
                    .ok()); // downgrade
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const auto& lock = locks[0];
        QCOMPARE(lock.kind, LockKind::ReadWrite);
        QCOMPARE(lock.holders.size(), size_t(2));
        const auto& writer = lock.holders[0].mode == HolderMode::Write ? lock.holders[0] : lock.holders[1];
        const auto& reader = lock.holders[0].mode == HolderMode::Write ? lock.holders[1] : lock.holders[0];
        QCOMPARE(writer.mode, HolderMode::Write);
        QCOMPARE(writer.count, 2LL);
        QCOMPARE(reader.mode, HolderMode::Read);
        QCOMPARE(reader.count, 1LL);
        QVERIFY(hasKey(lock, "{ledger}:" + LockFormats::clientA + ":11:rwlock_timeout:1"));
    }

    void fencedLockCounterIsGroupedIntoItsLock()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "fenced", LockFormats::clientA, 2, 30000).ok());
        for (int i = 0; i < 3; ++i)
            QVERIFY(run({"INCR", "redisson_lock_token:{fenced}"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].fence.value_or(-1), 3LL);
        QVERIFY(hasKey(locks[0], "redisson_lock_token:{fenced}"));
    }

    void redissonSemaphoreNeedsWaitersOnItsChannel()
    {
        QVERIFY(run({"SET", "permits", "0"}));
        QVERIFY(listLocks(*m_redis).empty()); // an idle semaphore is just a number
        auto waiter = test::connectTo(*m_server);
        QVERIFY(waiter->send({"SUBSCRIBE", "redisson_sc:{permits}"}).ok());
        QVERIFY(waiter->readReply(std::chrono::milliseconds(2000)).ok());
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].kind, LockKind::Semaphore);
        QCOMPARE(locks[0].library, LockLibrary::Redisson);
        QCOMPARE(locks[0].permitsAvailable.value_or(-1), 0LL);
        QCOMPARE(locks[0].waiterCount, 1LL);
    }

    void permitExpirableSemaphoreListsPermitsWithExpiry()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        const std::string permitId("\x01\x02\x00\xff\x10\x20\x30\x40\x50\x60\x70\x80\x90\xa0\xb0\xc0", 16);
        QVERIFY(run({"SET", "uploads", "4"}));
        QVERIFY(run({"ZADD", "{uploads}:timeout", std::to_string(now + 60000), permitId}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const auto& lock = locks[0];
        QCOMPARE(lock.kind, LockKind::Semaphore);
        QCOMPARE(lock.permitsAvailable.value_or(-1), 4LL);
        QCOMPARE(lock.holders.size(), size_t(1));
        QCOMPARE(lock.holders[0].owner, permitId);
        QCOMPARE(lock.holders[0].expiresAtMs.value_or(0), now + 60000);
        QVERIFY(hasKey(lock, "{uploads}:timeout"));
    }

    void redisPyLockIsRecognisedByItsUuid1Token()
    {
        const std::string token = LockFormats::uuid1Hex(LockFormats::serverNowMs(*m_redis) - 2000);
        QVERIFY(run({"SET", "inventory-sync", token, "NX", "PX", "10000"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].kind, LockKind::Token);
        QCOMPARE(locks[0].library, LockLibrary::RedisPy);
        QCOMPARE(locks[0].holders.size(), size_t(1));
        QCOMPARE(locks[0].holders[0].owner, token);
        QVERIFY(locks[0].ttlMs.has_value());
        QVERIFY(!locks[0].reason.english().empty());
    }

    void redisPyLockWithoutTimeoutHasNoTtl()
    {
        QVERIFY(run({"SET", "nightly", LockFormats::uuid1Hex(LockFormats::serverNowMs(*m_redis)), "NX"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].library, LockLibrary::RedisPy);
        QVERIFY(!locks[0].ttlMs);
    }

    void nodeRedlockTokenIsAGuessWithAReason()
    {
        std::string token = LockFormats::randomHex(32);
        token[12] = 'c'; // not a UUIDv1
        QVERIFY(run({"SET", "locks:account:17", token, "NX", "PX", "5000"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].library, LockLibrary::NodeRedlock);
        QVERIFY(locks[0].confidence < 0.9);
        QVERIFY(QString::fromStdString(locks[0].reason.english()).contains("32 hex"));
    }

    void redisSemaphoreMutexIsAUuidV4UnderMutexPrefix()
    {
        const std::string token = LockFormats::uuidV4();
        QVERIFY(run({"SET", "mutex:report", token, "NX", "PX", "10000"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].library, LockLibrary::RedisSemaphoreNode);
        QCOMPARE(locks[0].kind, LockKind::Token);
        QCOMPARE(locks[0].holders[0].owner, token);
    }

    void redisPlusPlusMutexIsTwentyAlphanumerics()
    {
        QVERIFY(run({"SET", "billing_lock", LockFormats::randomAlnum(20), "NX", "PX", "10000"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].library, LockLibrary::RedisPlusPlus);
    }

    void lockScopeTokenLockCarriesItsFence()
    {
        QVERIFY(run({"SET", "deploy", LockFormats::randomHex(32), "NX", "PX", "10000"}));
        QVERIFY(run({"SET", "lockscope:fence:{deploy}", "12"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].library, LockLibrary::LockScope);
        QCOMPARE(locks[0].fence.value_or(-1), 12LL);
        QCOMPARE(locks[0].keys.size(), size_t(2));
    }

    // The fence counter of a name with its own hash tag is `lockscope:fence:orders:{42}` (no
    // second pair of braces): the inspector reads the key the lock writes.
    void lockScopeTokenLockUnderAHashTaggedNameCarriesItsFence()
    {
        QVERIFY(LockFormats::lockScopeTokenLock(*m_redis, "orders:{42}").ok());
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].name, std::string("orders:{42}"));
        QCOMPARE(locks[0].library, LockLibrary::LockScope);
        QCOMPARE(locks[0].fence.value_or(-1), 12LL);
        QCOMPARE(locks[0].keys.size(), size_t(2));
    }

    void lockScopeRegisteredWaitersAreListedWithDeadlines()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(LockFormats::redissonLock(*m_redis, "shared", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(run({"ZADD", "lockscope:waiters:{shared}", std::to_string(now + 3000), "waiter-live",
            std::to_string(now - 10000), "waiter-dead"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const auto& lock = locks[0];
        QCOMPARE(lock.waiters.size(), size_t(1));
        QCOMPARE(lock.waiters[0].owner, std::string("waiter-live"));
        QCOMPARE(lock.waiters[0].deadlineMs.value_or(0), now + 3000);
        QCOMPARE(lock.waiterCount, 1LL);
        QVERIFY(hasKey(lock, "lockscope:waiters:{shared}"));
    }

    void lockScopeSemaphoreKeysAreGrouped()
    {
        // Two permits of five leased, as Semaphore's scripts keep them.
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(run({"SET", "lockscope:semaphore:{pool}:permits", "5"}));
        QVERIFY(run({"RPUSH", "lockscope:semaphore:{pool}:free", "3", "4", "5"}));
        QVERIFY(run({"RPUSH", "lockscope:semaphore:{pool}:taken", "1", "2"}));
        QVERIFY(run({"ZADD", "lockscope:semaphore:{pool}:leases", std::to_string(now + 5000), "1",
            std::to_string(now + 6000), "2"}));
        QVERIFY(run({"HSET", "lockscope:semaphore:{pool}:holders", "1", "holder-1", "2", "holder-2"}));
        QVERIFY(run({"SET", "lockscope:semaphore:{pool}:fence", "9"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].name, std::string("pool"));
        QCOMPARE(locks[0].library, LockLibrary::LockScope);
        QCOMPARE(locks[0].holders.size(), size_t(2));
        QCOMPARE(locks[0].holders[0].owner, std::string("holder-1"));
        QCOMPARE(locks[0].holders[0].expiresAtMs.value_or(0), now + 5000);
        QCOMPARE(locks[0].permitsAvailable.value_or(0), 3LL);
        QCOMPARE(locks[0].fence.value_or(0), 9LL);
        QCOMPARE(locks[0].keys.size(), size_t(6));
    }

    void legacyTimestampLockIsHeldUntilItsTime()
    {
        const long long nowS = LockFormats::serverNowMs(*m_redis) / 1000;
        QVERIFY(run({"SETNX", "lock.foo", std::to_string(nowS + 30 + 1)}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].kind, LockKind::Legacy);
        QVERIFY(!locks[0].stuck);
        QCOMPARE(locks[0].holders.size(), size_t(1));
        QCOMPARE(locks[0].holders[0].expiresAtMs.value_or(0), (nowS + 31) * 1000);
        QVERIFY(!locks[0].ttlMs);
    }

    void legacyLockWhoseTimestampPassedIsStuck()
    {
        const long long nowMs = LockFormats::serverNowMs(*m_redis);
        QVERIFY(run({"SETNX", "reports.lock", std::to_string(nowMs - 120000)})); // milliseconds
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].kind, LockKind::Legacy);
        QVERIFY(locks[0].stuck);
        QVERIFY(locks[0].holders.empty());
    }

    void nodeSemaphoreListsPermitHolders()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        const std::string single = LockFormats::uuidV4();
        const std::string multi = LockFormats::uuidV4();
        QVERIFY(run({"ZADD", "semaphore:api", std::to_string(now - 100), single, std::to_string(now - 50),
            multi + "_0", std::to_string(now - 50), multi + "_1", std::to_string(now - 50), multi + "_2"}));
        QVERIFY(run({"PEXPIRE", "semaphore:api", "10000"}));
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const auto& lock = locks[0];
        QCOMPARE(lock.name, std::string("api"));
        QCOMPARE(lock.kind, LockKind::Semaphore);
        QCOMPARE(lock.library, LockLibrary::RedisSemaphoreNode);
        QCOMPARE(lock.holders.size(), size_t(2));
        long long total = 0;
        for (const auto& holder : lock.holders)
            total += holder.count;
        QCOMPARE(total, 4LL);
        QVERIFY(lock.ttlMs.has_value());
    }

    void rubySemaphoreGroupsItsKeysAndCountsBlockedWaiters()
    {
        QVERIFY(run({"SET", "SEMAPHORE:printer:EXISTS", "1"}));
        QVERIFY(run({"SET", "SEMAPHORE:printer:VERSION", "1"}));
        QVERIFY(run({"HSET", "SEMAPHORE:printer:GRABBED", "0", "1700000000.25", "1", "1700000001.5"}));
        // Both tokens grabbed: AVAILABLE is empty (so absent) and a third client waits in BLPOP.
        auto waiter = test::connectTo(*m_server);
        QVERIFY(waiter->send({"BLPOP", "SEMAPHORE:printer:AVAILABLE", "0"}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                auto clients = m_redis->command({"CLIENT", "LIST"});
                return clients && clients->text().find("cmd=blpop") != std::string::npos;
            }(),
            5000);
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const auto& lock = locks[0];
        QCOMPARE(lock.name, std::string("printer"));
        QCOMPARE(lock.library, LockLibrary::RedisSemaphoreRuby);
        QCOMPARE(lock.holders.size(), size_t(2));
        QCOMPARE(lock.permitsAvailable.value_or(-1), 0LL);
        QCOMPARE(lock.keys.size(), size_t(3));
        QCOMPARE(lock.waiterCount, 1LL);
        waiter->disconnect();
    }

    void userPatternIncludesWhatHeuristicsMiss()
    {
        QVERIFY(run({"SET", "guards:payroll", "worker-7", "PX", "10000"}));
        QVERIFY(run({"SET", "other:payroll", "worker-7", "PX", "10000"}));
        QVERIFY(listLocks(*m_redis).empty());
        auto locks = listLocks(*m_redis, {"guards:*"});
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].name, std::string("guards:payroll"));
        QVERIFY(QString::fromStdString(locks[0].reason.english()).startsWith("user pattern"));
        QCOMPARE(locks[0].holders[0].owner, std::string("worker-7"));
    }

    void userPatternMakesAnIntegerASemaphore()
    {
        QVERIFY(run({"SET", "permits:export", "3"}));
        auto locks = listLocks(*m_redis, {"permits:*"});
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].kind, LockKind::Semaphore);
        QCOMPARE(locks[0].permitsAvailable.value_or(-1), 3LL);
    }

    void aPatternLimitedScanStillGroupsAuxiliaryKeys()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(LockFormats::redissonLock(*m_redis, "app:fair", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(run({"RPUSH", "redisson_lock_queue:{app:fair}", clientB + ":2"}));
        QVERIFY(
            run({"ZADD", "redisson_lock_timeout:{app:fair}", std::to_string(now + 30000), clientB + ":2"}));
        QVERIFY(run({"INCR", "redisson_lock_token:{app:fair}"}));
        auto locks = listLocks(*m_redis, {}, {"app:*"});
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].kind, LockKind::Fair);
        QCOMPARE(locks[0].keys.size(), size_t(4));
        QCOMPARE(locks[0].fence.value_or(-1), 1LL);
    }

    void shedLockShowsTheHostAndWhenItTookTheLock()
    {
        const long long added = LockFormats::serverNowMs(*m_redis) - 5000;
        const std::string value = LockFormats::shedLockValue(added, "batch-host-7");
        QVERIFY(run({"SET", "job-lock:default:nightlyReport", value, "NX", "PX", "60000"}));
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const auto& lock = locks.front();
        QCOMPARE(lock.name, std::string("job-lock:default:nightlyReport"));
        QCOMPARE(lock.library, LockLibrary::ShedLock);
        QCOMPARE(lock.kind, LockKind::Token);
        QVERIFY(lock.confidence >= 0.9);
        QVERIFY(lock.ttlMs && *lock.ttlMs > 50000);
        QCOMPARE(lock.holders.size(), size_t(1));
        QCOMPARE(lock.holders.front().owner, value); // what a force-release compares
        QCOMPARE(lock.observedValue.value_or(""), value);
        QVERIFY(!lock.stuck);
        QVERIFY(lock.waiters.empty());
        QCOMPARE(lock.notes.size(), size_t(1));
        const std::string note = lock.notes.front().english();
        QVERIFY2(note.find("batch-host-7") != std::string::npos, note.c_str());
        QVERIFY2(note.find("lockAtLeastFor") != std::string::npos, note.c_str());
    }

    void shedLockBefore670HasNoUuidAndSaysSo()
    {
        const std::string value
            = LockFormats::shedLockValue(LockFormats::serverNowMs(*m_redis), "host1", false);
        QVERIFY(run({"SET", "job-lock:prod:cleanup", value, "PX", "60000"}));
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks.front().library, LockLibrary::ShedLock);
        QCOMPARE(locks.front().notes.size(), size_t(2));
        QVERIFY(locks.front().notes.back().english().find("6.7.0") != std::string::npos);
    }

    void shedLockUnderItsOwnPrefixIsFoundByItsValue()
    {
        QVERIFY(run({"SET", "scheduler:prod:invoices",
            LockFormats::shedLockValue(LockFormats::serverNowMs(*m_redis), "host2"), "PX", "60000"}));
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks.front().library, LockLibrary::ShedLock);
        QVERIFY(locks.front().confidence < 0.95);
    }

    void valuesThatOnlyLookLikeShedLocksAreNotLocks()
    {
        for (const char* value :
            {"ADDED:yesterday@host", "ADDED:2026-13-02T03:04:05.678Z@host", "ADDED:2026-01-02T03:04:05.678Z@",
                "ADDED:2026-01-02T03:04:05.678Z host", "ADDED:2026-02-30T03:04:05.678Z@host"})
            QVERIFY(run({"SET", std::string("job:") + value, value}));
        const auto locks = listLocks(*m_redis);
        QVERIFY2(locks.empty(), locks.empty() ? "" : locks.front().name.c_str());
    }

    void binaryLockNamesAreKeptExactly()
    {
        const std::string name("lock\0bin\xff\xfe", 10);
        QVERIFY(LockFormats::redissonLock(*m_redis, name, LockFormats::clientA, 5, 30000).ok());
        auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QCOMPARE(locks[0].name, name);
        QCOMPARE(locks[0].keys.front(), name);
    }

    void clusterTargetsAreAttributedToTheirNode()
    {
        auto second = test::startServer();
        QVERIFY(second);
        auto other = test::connectTo(*second);
        QVERIFY(LockFormats::redissonLock(*m_redis, "here", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*other, "there", clientB, 1, 30000).ok());
        auto result = LockInspector::inspect({{"node-a", m_redis.get()}, {"node-b", other.get()}}, {});
        QCOMPARE(result.locks.size(), size_t(2));
        QCOMPARE(findLock(result.locks, "here")->node, std::string("node-a"));
        QCOMPARE(findLock(result.locks, "there")->node, std::string("node-b"));
    }

    void aLockNamedKeyWithATtlIsALockWhateverItHolds()
    {
        const long long nowS = LockFormats::serverNowMs(*m_redis) / 1000;
        // Any case, any separator, camelCase; a pid, a host, a float, a time taken, JSON, text.
        const std::map<std::string, std::string> held {
            {"Lock", "31337"},
            {"reports_lock", "worker-7.example.internal"},
            {"app-mutex:payments", "0.7381946125"},
            {"LEADER.scheduler", std::to_string(nowS - 600)},
            {"jobLeaderElection", R"({"host":"api-2","pid":4242})"},
            {"import/countdown-latch", "held by the nightly import"},
            {"semaphore-slot-3", "x"},
        };
        for (const auto& [key, value] : held)
            QVERIFY(run({"SET", key, value, "PX", "60000"}));
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), held.size());
        for (const auto& [key, value] : held) {
            const LockSnapshot* lock = findLock(locks, key);
            QVERIFY2(lock, key.c_str());
            QCOMPARE(lock->library, LockLibrary::Unknown);
            QCOMPARE(lock->kind, LockKind::Token);
            QVERIFY2(!lock->stuck, key.c_str());
            QVERIFY(!lock->possible);
            QCOMPARE(lock->holders.size(), size_t(1));
            QVERIFY2(
                lock->holders.front().owner == value, (key + ": " + lock->holders.front().owner).c_str());
            QCOMPARE(lock->observedValue.value_or(""), value);
            QVERIFY(lock->confidence >= 0.5);
            QVERIFY(lock->ttlMs.has_value());
        }
        QVERIFY(findLock(locks, "jobLeaderElection")->reason.english().find("JSON") != std::string::npos);
        QVERIFY(findLock(locks, "Lock")->reason.english().find("a number") != std::string::npos);
    }

    void aLockNamedKeyWithoutATtlStaysUnlisted()
    {
        QVERIFY(run({"SET", "lock:attempts", "3"}));
        QVERIFY(run({"SET", "leader.config", R"({"host":"api-2"})"}));
        QVERIFY(run({"SET", "mutex_owner", "api-2"}));
        QVERIFY(listLocks(*m_redis).empty());
    }

    void aLockNamedKeysValueIsShownBoundedAndKeptWholeForRelease()
    {
        // Bounded here; escaped where it is shown (the table, the GUI, JSON).
        const std::string value = std::string("pid\x01\n") + std::string(1000, 'z');
        QVERIFY(run({"SET", "deploy.lock", value, "EX", "60"}));
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        const std::string& owner = locks.front().holders.front().owner;
        QVERIFY(owner.starts_with("pid\x01\n"));
        QVERIFY(owner.size() <= 203);
        QCOMPARE(locks.front().observedValue.value_or(""), value);
    }

    void aPassedTimestampUnderATtlIsNotStuck()
    {
        // A legacy SETNX lock's passed expiry makes it stuck; under a TTL the number is more
        // likely when the lock was taken, and the TTL frees it anyway.
        const long long nowS = LockFormats::serverNowMs(*m_redis) / 1000;
        QVERIFY(run({"SET", "lock.cleanup", std::to_string(nowS - 120), "EX", "60"}));
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1));
        QVERIFY(!locks.front().stuck);
        QCOMPARE(locks.front().library, LockLibrary::Unknown);
        QCOMPARE(locks.front().holders.front().owner, std::to_string(nowS - 120));
    }

    void wordsThatOnlyContainLockAreNoLockNames()
    {
        for (const char* key : {"clock:offset", "block:height", "leaderboard:weekly", "unblocked:users",
                 "isLocked", "padlock-emoji", "LeaderboardTop"})
            QVERIFY(run({"SET", key, R"({"v":1})", "EX", "60"}));
        QVERIFY(listLocks(*m_redis).empty());
    }
};

QTEST_GUILESS_MAIN(tst_LockRecognizers)
#include "tst_LockRecognizers.moc"
