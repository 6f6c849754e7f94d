// A forced release wakes each library's waiters the way that library's own release does.
#include "inspect/LockInspector.h"
#include "inspect/admin/ForceRelease.h"
#include "inspect/admin/ReleasePermit.h"
#include "support/LockFormats.h"
#include "support/ObservedLock.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;
using test::LockFormats;

class tst_LibraryReleases : public test::RedisTestCase
{
    Q_OBJECT

    bool exists(const std::string& key) { return m_redis->command({"EXISTS", key})->integer() == 1; }

    // A client that sent `command` (a subscription or a blocking pop) and, for a subscription,
    // read its confirmation.
    std::unique_ptr<RedisConnection> clientThatSent(const RedisCommand& command, bool confirmed)
    {
        auto client = test::connectTo(*m_server);
        if (!client || !client->send(command).ok())
            return nullptr;
        if (confirmed && !client->readReply(2000ms).ok())
            return nullptr;
        return client;
    }

    // Waits until `count` clients are blocked (CLIENT LIST says so), so that a release that
    // follows really finds them waiting.
    bool blockedClients(long long count)
    {
        for (int i = 0; i < 200; ++i) {
            auto info = m_redis->command({"INFO", "clients"});
            const std::string text = info ? info->text() : "";
            const auto at = text.find("blocked_clients:");
            if (at != std::string::npos && std::stoll(text.substr(at + 16)) == count)
                return true;
            std::this_thread::sleep_for(10ms);
        }
        return false;
    }

    static std::string describe(const Result<RedisReply>& message)
    {
        if (!message || !message->isArray())
            return "(no message)";
        std::string text;
        for (const auto& part : message->elements())
            text += (text.empty() ? "" : " ") + (part.isString() || part.isStatus() ? part.text() : "?");
        return text;
    }

private slots:
    void init()
    {
        LockFormats::dropKeylessHolders();
        QVERIFY(run({"FLUSHALL"}));
    }

    void aPythonRedisLockReleasePushesOneSignalForOneWaiter()
    {
        QVERIFY(run({"SET", "lock:reports", LockFormats::randomBase64(18), "NX", "EX", "30"}));
        auto waiter = clientThatSent({"BLPOP", "lock-signal:reports", "5"}, false);
        QVERIFY(waiter);
        QVERIFY(blockedClients(1));
        auto seen = test::observeLock(*m_redis, "lock:reports");
        QVERIFY(seen);
        QCOMPARE(seen->library, LockLibrary::PythonRedisLock);
        auto released = ForceRelease::release(*m_redis, *seen);
        QVERIFY(released.ok());
        QCOMPARE(released->outcome, AdminOutcome::Done);
        QVERIFY(!exists("lock:reports"));
        QCOMPARE(describe(waiter->readReply(2000ms)), std::string("lock-signal:reports 1"));
    }

    void aPythonRedisLockSignalNobodyTookExpiresInASecond()
    {
        QVERIFY(run({"SET", "lock:reports", LockFormats::randomBase64(18), "NX"}));
        QVERIFY(run({"RPUSH", "lock-signal:reports", "1", "1", "1"})); // stale signals of old releases
        auto seen = test::observeLock(*m_redis, "lock:reports");
        QVERIFY(seen);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        // One signal, not a fourth: the library's own release empties the list first.
        QCOMPARE(m_redis->command({"LLEN", "lock-signal:reports"})->integer(), 1LL);
        const long long pttl = m_redis->command({"PTTL", "lock-signal:reports"})->integer();
        QVERIFY2(pttl > 0 && pttl <= 1000, std::to_string(pttl).c_str());
    }

    void aPythonRedisLockTakenMeanwhileIsNeitherReleasedNorSignalled()
    {
        QVERIFY(run({"SET", "lock:reports", LockFormats::randomBase64(18), "NX", "EX", "30"}));
        auto seen = test::observeLock(*m_redis, "lock:reports");
        QVERIFY(seen);
        QVERIFY(run({"SET", "lock:reports", LockFormats::randomBase64(18), "EX", "30"}));
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::HolderChanged);
        QVERIFY(exists("lock:reports"));
        QVERIFY(!exists("lock-signal:reports"));
    }

    void aSpringPubSubLockReleasePublishesTheFullKeyOnTheRegistrysChannel()
    {
        QVERIFY(LockFormats::springRegistryLocks(*m_redis, "orders-registry:order-42").ok());
        auto waiter = clientThatSent({"PSUBSCRIBE", "orders-registry-channel:*"}, true);
        QVERIFY(waiter);
        // As the monitor saw it, with the registry's other lock.
        std::optional<LockSnapshot> seen;
        for (auto& lock : LockInspector::inspect({{"n", m_redis.get()}}, {}).locks) {
            if (lock.name == "orders-registry:order-42")
                seen = lock;
        }
        QVERIFY(seen);
        QCOMPARE(seen->library, LockLibrary::SpringIntegration);
        auto released = ForceRelease::release(*m_redis, *seen);
        QVERIFY(released.ok());
        QCOMPARE(released->outcome, AdminOutcome::Done);
        QCOMPARE(released->notified, 1LL);
        QCOMPARE(describe(waiter->readReply(2000ms)),
            std::string("pmessage orders-registry-channel:* orders-registry-channel:orders-registry:order-42 "
                        "orders-registry:order-42"));
        QVERIFY(exists("orders-registry:shipments")); // the registry's other lock is its own
    }

    void aLoneUuidLockOfARegistrysShapeStillWakesSpringWaiters()
    {
        // Read by name alone (the CLI's release), a registry's lock is one UUID lock among many.
        QVERIFY(run({"SET", "jobs:nightly", LockFormats::springClientId, "PX", "60000"}));
        auto waiter = clientThatSent({"PSUBSCRIBE", "jobs-channel:*"}, true);
        QVERIFY(waiter);
        auto seen = test::observeLock(*m_redis, "jobs:nightly");
        QVERIFY(seen);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->notified, 1LL);
        QCOMPARE(describe(waiter->readReply(2000ms)),
            std::string("pmessage jobs-channel:* jobs-channel:jobs:nightly jobs:nightly"));
    }

    void aRedissonReleaseAlsoReachesShardedSubscribers()
    {
        auto version = m_redis->command({"COMMAND", "INFO", "SSUBSCRIBE"});
        if (!version || !version->isArray() || version->size() == 0 || version->at(0).isNil())
            QSKIP("the server has no sharded pub/sub (SSUBSCRIBE)");
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto sharded = clientThatSent({"SSUBSCRIBE", "redisson_lock__channel:{orders}"}, true);
        QVERIFY(sharded);
        auto seen = test::observeLock(*m_redis, "orders");
        QVERIFY(seen);
        auto released = ForceRelease::release(*m_redis, *seen);
        QVERIFY(released.ok());
        QCOMPARE(released->notified, 1LL);
        QCOMPARE(
            describe(sharded->readReply(2000ms)), std::string("smessage redisson_lock__channel:{orders} 0"));
    }

    void aSymfonyWriteLockIsReleasedTokenAndWriteMarkerTogether()
    {
        QVERIFY(LockFormats::symfonyWriteLock(*m_redis, "invoice-export").ok());
        auto seen = test::observeLock(*m_redis, "invoice-export");
        QVERIFY(seen);
        QCOMPARE(seen->library, LockLibrary::SymfonyLock);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QVERIFY(!exists("invoice-export"));
    }

    void aSymfonyLockWithANewReaderIsNotReleased()
    {
        QVERIFY(LockFormats::symfonyReadLock(*m_redis, "catalog", 1).ok());
        auto seen = test::observeLock(*m_redis, "catalog");
        QVERIFY(seen);
        QVERIFY(run({"ZADD", "catalog", std::to_string(LockFormats::serverNowMs(*m_redis) + 300000),
            LockFormats::randomBase64(32)}));
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::HolderChanged);
        QCOMPARE(m_redis->command({"ZCARD", "catalog"})->integer(), 2LL);
    }

    void aSidekiqUniqueJobIsUnlockedTheWayTheGemDoesAndWakesAWaiter()
    {
        const std::string digest = "uniquejobs:9e107d9d372bb6826bd81d3542a419d6";
        QVERIFY(LockFormats::sidekiqUniqueJob(*m_redis, digest).ok());
        // A while-executing job waits as the gem's v8 does on old servers: BRPOPLPUSH QUEUED -> PRIMED.
        auto waiter = clientThatSent({"BRPOPLPUSH", digest + ":QUEUED", digest + ":PRIMED", "5"}, false);
        QVERIFY(waiter);
        QVERIFY(blockedClients(1));
        auto seen = test::observeLock(*m_redis, digest);
        QVERIFY(seen);
        QCOMPARE(seen->library, LockLibrary::SidekiqUniqueJobs);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QVERIFY(!exists(digest));
        QVERIFY(!exists(digest + ":LOCKED"));
        QVERIFY(!exists(digest + ":INFO"));
        QVERIFY(!m_redis->command({"ZSCORE", "uniquejobs:digests", digest})->isString());
        auto woken = waiter->readReply(2000ms);
        QVERIFY(woken && woken->isString());
        QCOMPARE(woken->text(), std::string("1")); // the token the unlock pushed
    }

    void aSidekiqUniqueJobTakenByAnotherJobMeanwhileStays()
    {
        const std::string digest = "uniquejobs:9e107d9d372bb6826bd81d3542a419d6";
        QVERIFY(LockFormats::sidekiqUniqueJob(*m_redis, digest).ok());
        auto seen = test::observeLock(*m_redis, digest);
        QVERIFY(seen);
        QVERIFY(run({"DEL", digest + ":LOCKED"}));
        QVERIFY(run({"HSET", digest + ":LOCKED", "0123456789abcdef01234567", "1764112000.5"}));
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::HolderChanged);
        QVERIFY(exists(digest + ":LOCKED"));
    }

    void aSymfonySemaphoreHoldersPermitsAreGivenBackFromBothSets()
    {
        QVERIFY(LockFormats::symfonySemaphore(*m_redis, "pdf-workers").ok());
        auto seen = test::observeLock(*m_redis, "pdf-workers");
        QVERIFY(seen);
        const std::string owner = seen->holders.front().owner;
        QCOMPARE(ReleasePermit::release(*m_redis, *seen, owner)->outcome, AdminOutcome::Done);
        QVERIFY(!m_redis->command({"ZSCORE", "{pdf-workers}:weight", owner})->isString());
        QVERIFY(!m_redis->command({"ZSCORE", "{pdf-workers}:time", owner})->isString());
        QCOMPARE(
            m_redis->command({"ZCARD", "{pdf-workers}:weight"})->integer(), 1LL); // the other holder stays
    }

    void aDistributedLockSemaphorePermitIsGivenBack()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        const std::string id = LockFormats::distributedLockId("APP-1", 10);
        QVERIFY(run({"ZADD", "report-slots", std::to_string(now + 30000), id, std::to_string(now + 30000),
            LockFormats::distributedLockId("APP-2", 11)}));
        auto seen = test::observeLock(*m_redis, "report-slots");
        QVERIFY(seen);
        QCOMPARE(ReleasePermit::release(*m_redis, *seen, id)->outcome, AdminOutcome::Done);
        QCOMPARE(m_redis->command({"ZCARD", "report-slots"})->integer(), 1LL);
    }

    void aRedissonMultiLockReleaseDeletesTheGroupAndWakesItsWaiters()
    {
        QVERIFY(LockFormats::redissonMultiLock(*m_redis, "flight-442").ok());
        auto waiter = clientThatSent({"SUBSCRIBE", "redisson_lock__channel:{flight-442}"}, true);
        QVERIFY(waiter);
        auto seen = test::observeLock(*m_redis, "flight-442");
        QVERIFY(seen);
        auto released = ForceRelease::release(*m_redis, *seen);
        QVERIFY(released.ok());
        QCOMPARE(released->outcome, AdminOutcome::Done);
        QCOMPARE(released->notified, 1LL);
        QVERIFY(!exists("flight-442"));
        QCOMPARE(describe(waiter->readReply(2000ms)),
            std::string("message redisson_lock__channel:{flight-442} 0"));
    }

    void aRedissonMultiLockReenteredMeanwhileStays()
    {
        QVERIFY(LockFormats::redissonMultiLock(*m_redis, "flight-442").ok());
        auto seen = test::observeLock(*m_redis, "flight-442");
        QVERIFY(seen);
        QVERIFY(run({"HINCRBY", "flight-442", "seat-12A:" + LockFormats::clientA + ":77:lock_count", "1"}));
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::HolderChanged);
        QVERIFY(exists("flight-442"));
    }

    // quartz-redis-jobstore, rslock (20 raw bytes) and Symfony Lock before 5.2: compare-and-delete,
    // as their own releases do, so that a holder that changed meanwhile keeps its lock.
    void theJavaRustAndOlderSymfonyLocksAreReleasedOnlyIfUnchanged_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("key");
        QTest::newRow("quartz-redis-jobstore") << "quartz-redis-jobstore"
                                               << "lock";
        QTest::newRow("rslock") << "rslock"
                                << "locks:inventory";
        QTest::newRow("symfony-lock-before-5.2") << "symfony-lock-before-5.2"
                                                 << "pdf-creation.lock";
    }

    void theJavaRustAndOlderSymfonyLocksAreReleasedOnlyIfUnchanged()
    {
        QFETCH(QString, format);
        QFETCH(QString, key);
        const std::string name = key.toStdString();
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, format.toStdString(), name).ok());
        auto seen = test::observeLock(*m_redis, name);
        QVERIFY(seen && seen->library != LockLibrary::Unknown && !seen->possible);
        // Another holder took it meanwhile (the same format, a new value): it stays.
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, format.toStdString(), name).ok());
        auto stale = ForceRelease::release(*m_redis, *seen);
        QVERIFY(stale.ok());
        QVERIFY(stale->outcome != AdminOutcome::Done);
        QVERIFY(exists(name));
        seen = test::observeLock(*m_redis, name);
        QVERIFY(seen);
        auto released = ForceRelease::release(*m_redis, *seen);
        QVERIFY(released.ok());
        QCOMPARE(released->outcome, AdminOutcome::Done);
        QVERIFY(!exists(name));
    }

    void aPortalockerLockIsReleasedByClosingItsHoldersConnection()
    {
        QVERIFY(LockFormats::portalockerHolder(*m_redis, "report-builder").ok());
        auto seen = test::observeLock(*m_redis, "report-builder");
        QVERIFY(seen);
        QCOMPARE(seen->library, LockLibrary::Portalocker);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QCOMPARE(m_redis->command({"PUBSUB", "NUMSUB", "report-builder"})->at(1).integer(), 0LL);
        // The same client cannot be released twice: its id is gone for good.
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::NothingThere);
    }
};

QTEST_GUILESS_MAIN(tst_LibraryReleases)
#include "tst_LibraryReleases.moc"
