// The locks of the libraries beyond Redisson and redis-py (../shared/reference/lock-formats-more.md),
// each written exactly as its library writes it, and what LockScope shows for them.
#include "inspect/LockInspector.h"
#include "inspect/admin/ForceRelease.h"
#include "support/LockFormats.h"
#include "support/ObservedLock.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QProcess>
#include <QtTest>

#include <map>

using namespace lockscope;
using test::findLock;
using test::listLocks;
using test::LockFormats;

namespace {

bool anyNoteSays(const LockSnapshot& lock, const std::string& words)
{
    return std::any_of(lock.notes.begin(), lock.notes.end(),
        [&](const UserText& note) { return note.english().find(words) != std::string::npos; });
}

} // namespace

class tst_LibraryLocks : public test::RedisTestCase
{
    Q_OBJECT

    const LockSnapshot onlyLock()
    {
        const auto locks = listLocks(*m_redis);
        if (locks.size() != 1)
            qWarning("expected one lock, found %zu", locks.size());
        return locks.empty() ? LockSnapshot {} : locks.front();
    }

private slots:
    void init()
    {
        LockFormats::dropKeylessHolders();
        QVERIFY(run({"FLUSHALL"}));
    }

    void aLaravelCacheLockShowsItsOwnerUnderEachVersionsPrefix()
    {
        for (const char* key :
            {"laravel_database_laravel_cache:report", "laravel_database_laravel_cache_:report",
                "laravel_database_laravel_cache_report", "laravel-database-laravel-cache-report"}) {
            QVERIFY(run({"FLUSHALL"}));
            QVERIFY(LockFormats::laravelLock(*m_redis, key).ok());
            const auto lock = onlyLock();
            QCOMPARE(lock.name, std::string(key));
            QCOMPARE(lock.library, LockLibrary::Laravel);
            QCOMPARE(lock.holders.size(), size_t(1));
            QCOMPARE(lock.holders.front().owner.size(), size_t(16));
            QVERIFY(lock.ttlMs.has_value());
            QVERIFY(!lock.possible);
        }
    }

    void aLaravelLockIsNamedAsCacheLockWasGivenItUnderEveryVersionsPrefixes()
    {
        // Cache::lock('reports:monthly') with the default prefixes of each version, of an app whose
        // APP_NAME is "Laravel" and of one named "Billing Suite" (slug billing_suite / billing-suite).
        for (const char* key : {"laravel_database_laravel_cache:reports:monthly",
                 "laravel_database_laravel_cache_:reports:monthly",
                 "laravel_database_laravel_cache_reports:monthly",
                 "laravel-database-laravel-cache-reports:monthly", "prod:laravel_cache:reports:monthly",
                 "billing_suite_database_billing_suite_cache:reports:monthly",
                 "billing_suite_database_billing_suite_cache_:reports:monthly",
                 "billing_suite_database_billing_suite_cache_reports:monthly",
                 "billing-suite-database-billing-suite-cache-reports:monthly"}) {
            QVERIFY(run({"FLUSHALL"}));
            QVERIFY(LockFormats::laravelLock(*m_redis, key).ok());
            const auto lock = onlyLock();
            QCOMPARE(lock.library, LockLibrary::Laravel);
            QCOMPARE(lock.shownName(), std::string("reports:monthly"));
            QCOMPARE(lock.keys, std::vector<std::string> {key});
        }
    }

    void aLaravelFrameworkLockIsNamedAsTheFrameworkTakesIt()
    {
        QVERIFY(run({"SET", "laravel_database_laravel_cache:laravel_unique_job:App\\Jobs\\Bill:42",
            "a1B2c3D4e5F6g7H8", "EX", "60"}));
        QCOMPARE(onlyLock().shownName(), std::string("laravel_unique_job:App\\Jobs\\Bill:42"));
    }

    void anUnknownAppPrefixIsNoLaravelLock()
    {
        // Only the prefixes Laravel's defaults make: two different slugs are someone else's key.
        QVERIFY(run({"SET", "shop_database_billing_cache:reports:monthly", "a1B2c3D4e5F6g7H8", "EX", "60"}));
        const auto locks = listLocks(*m_redis);
        QVERIFY(std::none_of(locks.begin(), locks.end(),
            [](const LockSnapshot& lock) { return lock.library == LockLibrary::Laravel; }));
    }

    void eachLibrarysLockIsNamedAsItsApiTakesIt()
    {
        QVERIFY(run({"SET", "lock:resize-images", LockFormats::randomBase64(18), "EX", "60"}));
        QVERIFY(run({"SET", "redlock:payout-batch", LockFormats::uuidV4(), "PX", "60000"}));
        QVERIFY(run({"SET", "bull:emails:1337:lock", LockFormats::uuidV4() + ":1", "PX", "30000"}));
        QVERIFY(run({"SET", "php-malkusch-lock:pdf-export", "f" + std::string(63, 'a'), "PX", "31000"}));
        QVERIFY(run({"SET", "job-lock:default:reportJob",
            "ADDED:2026-11-27T04:00:00.000Z@worker-1:" + LockFormats::uuidV4(), "PX", "600000"}));
        QVERIFY(run({"SET", "mutex:checkout", LockFormats::uuidV4(), "PX", "60000"}));
        QVERIFY(run({"SET", "orders-registry:order:7", LockFormats::springClientId, "PX", "60000"}));
        QVERIFY(run({"SET", "orders-registry:order:8", LockFormats::springClientId, "PX", "60000"}));
        const auto locks = listLocks(*m_redis);
        auto shownNameOf = [&](const std::string& key) {
            const auto* lock = findLock(locks, key);
            return lock ? lock->shownName() : std::string("(not listed)");
        };
        QCOMPARE(shownNameOf("lock:resize-images"), std::string("resize-images"));
        QCOMPARE(shownNameOf("redlock:payout-batch"), std::string("payout-batch"));
        QCOMPARE(shownNameOf("bull:emails:1337:lock"), std::string("emails:1337"));
        QCOMPARE(shownNameOf("php-malkusch-lock:pdf-export"), std::string("pdf-export"));
        QCOMPARE(shownNameOf("job-lock:default:reportJob"), std::string("reportJob"));
        QCOMPARE(shownNameOf("mutex:checkout"), std::string("checkout"));
        QCOMPARE(shownNameOf("orders-registry:order:7"), std::string("order:7"));
    }

    void aLaravelLockWithoutATtlSaysItNeverExpires()
    {
        QVERIFY(run({"SETNX", "laravel_database_laravel_cache:import", "a1B2c3D4e5F6g7H8"}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::Laravel);
        QVERIFY(!lock.ttlMs);
        QVERIFY(anyNoteSays(lock, "never expires by itself"));
    }

    void laravelsFrameworkLocksSayWhatTheyGuard()
    {
        QVERIFY(run(
            {"SET", "laravel_database_laravel_unique_job:App\\Jobs\\SendInvoice:42", "a1B2c3D4e5F6g7H8"}));
        QVERIFY(
            run({"SET", "laravel-queue-overlap:App\\Jobs\\Sync:tenant-3", "Zz9Yy8Xx7Ww6Vv5U", "EX", "60"}));
        QVERIFY(run({"SET",
            "laravel_database_laravel_cache:framework/schedule-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b",
            "Qq1Ww2Ee3Rr4Tt5Y", "EX", "86400"}));
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(3));
        for (const auto& lock : locks)
            QCOMPARE(lock.library, LockLibrary::Laravel);
        const auto* unique = findLock(locks, "laravel_database_laravel_unique_job:App\\Jobs\\SendInvoice:42");
        QVERIFY(unique && anyNoteSays(*unique, "App\\Jobs\\SendInvoice:42"));
        QVERIFY(anyNoteSays(*unique, "never expires"));
        const auto* overlap = findLock(locks, "laravel-queue-overlap:App\\Jobs\\Sync:tenant-3");
        QVERIFY(overlap && anyNoteSays(*overlap, "without overlapping"));
        QVERIFY(std::any_of(locks.begin(), locks.end(), [](const LockSnapshot& lock) {
            return lock.reason.english().find("scheduler") != std::string::npos;
        }));
    }

    void aLaravelCacheValueIsNoLock()
    {
        // What Cache::put stores: PHP-serialized values, numbers.
        QVERIFY(run(
            {"SET", "laravel_database_laravel_cache:user:7", "a:1:{s:4:\"name\";s:3:\"Ann\";}", "EX", "60"}));
        QVERIFY(run({"SET", "laravel_database_laravel_cache:visits", "1520", "EX", "60"}));
        QVERIFY(run({"SET", "laravel_database_laravel_cache:greeting", "s:5:\"hello\";", "EX", "60"}));
        QVERIFY(listLocks(*m_redis).empty());
    }

    void aPhpLockIsRecognisedByItsPrefixAndToken()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "php-lock", "php-malkusch-lock:reports").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::PhpLock);
        QCOMPARE(lock.observedValue->size(), size_t(64));
    }

    void anNpmRedisLockShowsItsExpiryAndNoHolder()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "npm-redis-lock", "lock.mailer").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::NpmRedisLock);
        QCOMPARE(lock.kind, LockKind::Token);
        QVERIFY(lock.holders.front().expiresAtMs.has_value());
        QVERIFY(lock.holders.front().owner.find("no holder") != std::string::npos);
    }

    void aLegacyTimestampLockWithoutTtlStaysLegacy()
    {
        QVERIFY(LockFormats::legacyTimestampLock(*m_redis, "lock.mailer").ok());
        QCOMPARE(onlyLock().library, LockLibrary::LegacySetnx);
    }

    void aBullMQJobLockShowsItsQueueJobAndWorkerAndWarnsBeforeRelease()
    {
        const std::string worker = LockFormats::uuidV4();
        QVERIFY(run({"SET", "bull:emails:1337:lock", worker + ":12", "PX", "30000"}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::BullMQ);
        QCOMPARE(lock.holders.front().clientUuid, worker);
        QVERIFY(anyNoteSays(lock, "job 1337 of queue emails"));
        QVERIFY(lock.releaseWarning.get().english().find("run twice") != std::string::npos);
    }

    void aRedLockNetOrPotteryLockIsRecognisedByItsPrefix()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "redlock-net-pottery", "redlock:payments").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::RedLockNetOrPottery);
        QVERIFY(lock.confidence >= 0.9);
    }

    void aPythonRedisLockGroupsItsSignalListAndSaysWhoWaitsHow()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "python-redis-lock", "lock:thumbnails").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.name, std::string("lock:thumbnails"));
        QCOMPARE(lock.library, LockLibrary::PythonRedisLock);
        QCOMPARE(lock.keys.size(), size_t(2));
        QVERIFY(anyNoteSays(lock, "lock-signal:thumbnails"));
        QVERIFY(anyNoteSays(lock, "pending"));
    }

    void aPythonRedisLockWithoutExpireNeverExpires()
    {
        QVERIFY(run({"SET", "lock:nightly", LockFormats::randomBase64(18), "NX"}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::PythonRedisLock);
        QVERIFY(anyNoteSays(lock, "never expires by itself"));
    }

    void aDistributedLockMutexShowsTheMachineAndProcess()
    {
        QVERIFY(run({"SET", "billing", LockFormats::distributedLockId("APP-SERVER-3", 7712), "PX", "30000"}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::DistributedLockRedis);
        QCOMPARE(lock.kind, LockKind::Token);
        QVERIFY(anyNoteSays(lock, "held by process 7712 on APP-SERVER-3"));
    }

    void aDistributedLockReaderWriterLockShowsReadersAndTheWaitingWriter()
    {
        QVERIFY(LockFormats::distributedReadWriteLock(*m_redis, "inventory.writer").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.name, std::string("inventory.writer"));
        QCOMPARE(lock.kind, LockKind::ReadWrite);
        QCOMPARE(lock.keys.size(), size_t(2));
        QCOMPARE(lock.holders.size(), size_t(3));
        QCOMPARE(std::count_if(lock.holders.begin(), lock.holders.end(),
                     [](const LockHolder& holder) { return holder.mode == HolderMode::Read; }),
            2L);
        QVERIFY(anyNoteSays(lock, "waits for the readers"));
    }

    void readersAloneAreTheirLockHeldForReading()
    {
        QVERIFY(run({"SADD", "catalog.readers", LockFormats::distributedLockId("WEB-01", 1)}));
        const auto lock = onlyLock();
        QCOMPARE(lock.name, std::string("catalog.writer"));
        QCOMPARE(lock.library, LockLibrary::DistributedLockRedis);
        QCOMPARE(lock.holders.size(), size_t(1));
        QCOMPARE(lock.holders.front().mode, HolderMode::Read);
    }

    void aSetNamedOnlyDotReadersNamesNoLock()
    {
        // Found by fuzz_Recognizers: the lock's name was taken from a name there is none of.
        QVERIFY(run({"SADD", ".readers", LockFormats::distributedLockId("WEB-01", 1)}));
        for (const auto& lock : listLocks(*m_redis))
            QVERIFY2(lock.library != LockLibrary::DistributedLockRedis, lock.name.c_str());
    }

    void springRegistryLocksShowWhichLocksShareTheirHolder()
    {
        QVERIFY(LockFormats::springRegistryLocks(*m_redis, "orders-registry:order-42").ok());
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(2));
        const auto* lock = findLock(locks, "orders-registry:order-42");
        QVERIFY(lock);
        QCOMPARE(lock->library, LockLibrary::SpringIntegration);
        QCOMPARE(lock->holders.front().owner, LockFormats::springClientId);
        QVERIFY(anyNoteSays(*lock, "orders-registry:shipments"));
    }

    void oneUuidUnderOneOrdinaryKeyIsNotSpringButAPossibleLock()
    {
        QVERIFY(run({"SET", "orders-registry:order-42", LockFormats::springClientId, "PX", "60000"}));
        const auto lock = onlyLock();
        QVERIFY(lock.library != LockLibrary::SpringIntegration);
        QVERIFY(lock.possible);
    }

    void goLibrariesAreToldApartByTheirTokens()
    {
        QVERIFY(run({"SET", "lock:redsync", LockFormats::randomBase64(16), "PX", "8000"}));
        // About one bsm token in a hundred has no digit, '-' or '_' and is taken for a word
        // (docs/lock-formats.md): this test is about the tokens told apart, so it writes one of the
        // other ninety-nine.
        std::string bsmToken = LockFormats::randomBase64(16, RandomText::Base64::UrlSafeUnpadded);
        bsmToken[5] = '5';
        QVERIFY(run({"SET", "locks/bsm", bsmToken + "host-7", "PX", "8000"}));
        QVERIFY(run({"SET", "gozero-lock", "aBcDeFgHiJkLmNoP", "PX", "8500"}));
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(3));
        QCOMPARE(findLock(locks, "lock:redsync")->library, LockLibrary::Redsync);
        QCOMPARE(findLock(locks, "locks/bsm")->library, LockLibrary::BsmRedislock);
        QVERIFY(findLock(locks, "locks/bsm")->reason.english().find("host-7") != std::string::npos);
        QCOMPARE(findLock(locks, "gozero-lock")->library, LockLibrary::GoZero);
    }

    void oneValueOverSeveralKeysIsOneMultiKeyLock()
    {
        const std::string token = LockFormats::randomHex(32);
        for (const char* key : {"cart:17", "cart:18", "cart:19"})
            QVERIFY(run({"SET", key, token, "PX", "10000"}));
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(3));
        for (const auto& lock : locks) {
            QVERIFY(!lock.possible); // a shared random token is no session id
            QVERIFY(anyNoteSays(lock, "one lock over 3 keys"));
        }
    }

    void aRedlockUniversalValueWithMetadataNamesItsLibrary()
    {
        QVERIFY(
            run({"SET", "lock:export", "node-a:1764112000123:" + LockFormats::randomHex(16), "PX", "30000"}));
        QCOMPARE(onlyLock().library, LockLibrary::RedlockUniversal);
    }

    void redissonUnlockLatchesAreNeverLocks()
    {
        QVERIFY(run({"SET", "redisson_unlock_latch:{orders}:" + LockFormats::uuidV4(), "1", "PX", "30000"}));
        QVERIFY(listLocks(*m_redis).empty());
    }

    void aSymfonyWriteLockShowsItsHolderAndExpiry()
    {
        QVERIFY(LockFormats::symfonyWriteLock(*m_redis, "invoice-export").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::SymfonyLock);
        QCOMPARE(lock.holders.size(), size_t(1)); // __write__ marks the mode, it is no holder
        QCOMPARE(lock.holders.front().mode, HolderMode::Write);
        QCOMPARE(lock.holders.front().owner.size(), size_t(44));
        QVERIFY(lock.holders.front().expiresAtMs.has_value());
    }

    void symfonyReadersAreSeparateHolders()
    {
        QVERIFY(LockFormats::symfonyReadLock(*m_redis, "catalog", 3).ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::SymfonyLock);
        QCOMPARE(lock.holders.size(), size_t(3));
        for (const auto& holder : lock.holders)
            QCOMPARE(holder.mode, HolderMode::Read);
    }

    void aLeaderboardIsNoSymfonyLock()
    {
        QVERIFY(run(
            {"ZADD", "scores", "10", LockFormats::randomBase64(32), "20", LockFormats::randomBase64(32)}));
        QVERIFY(listLocks(*m_redis).empty());
    }

    void aSymfonySemaphoreShowsEachHoldersPermitsAndExpiry()
    {
        QVERIFY(LockFormats::symfonySemaphore(*m_redis, "pdf-workers").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.name, std::string("pdf-workers"));
        QCOMPARE(lock.kind, LockKind::Semaphore);
        QCOMPARE(lock.library, LockLibrary::SymfonySemaphore);
        QCOMPARE(lock.keys.size(), size_t(2));
        QCOMPARE(lock.holders.size(), size_t(2));
        long long permits = 0;
        for (const auto& holder : lock.holders) {
            permits += holder.count;
            QVERIFY(holder.expiresAtMs.has_value());
        }
        QCOMPARE(permits, 3LL);
    }

    void aDistributedLockSemaphoreShowsItsHolders()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(run(
            {"ZADD", "report-slots", std::to_string(now + 30000), LockFormats::distributedLockId("APP-1", 10),
                std::to_string(now + 25000), LockFormats::distributedLockId("APP-2", 11)}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::DistributedLockRedis);
        QCOMPARE(lock.kind, LockKind::Semaphore);
        QCOMPARE(lock.holders.size(), size_t(2));
    }

    void aSidekiqUniqueJobIsAUniquenessLockWithItsSideKeys()
    {
        const std::string digest = "uniquejobs:9e107d9d372bb6826bd81d3542a419d6";
        QVERIFY(LockFormats::sidekiqUniqueJob(*m_redis, digest).ok());
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1)); // the global digests set is no lock of its own
        const auto& lock = locks.front();
        QCOMPARE(lock.name, digest);
        QCOMPARE(lock.library, LockLibrary::SidekiqUniqueJobs);
        QCOMPARE(lock.keys.size(), size_t(3)); // the digest, :LOCKED, :INFO
        QCOMPARE(lock.holders.front().owner, LockFormats::sidekiqJid);
        QVERIFY(anyNoteSays(lock, "no TTL"));
        QVERIFY(!lock.releaseWarning.empty());
    }

    void aSidekiqUniqueJobAsTheGemsLockLuaWritesItWithoutADigestString()
    {
        // lib/sidekiq_unique_jobs/lua/lock.lua (v7 and v8): HSET <digest>:LOCKED <jid> <now> and
        // ZADD uniquejobs:digests <now> <digest>; the digest itself is no key (queued and primed
        // are unlinked once locked).
        const std::string digest = "uniquejobs:5d41402abc4b2a76b9719d911017c592";
        const std::string nowS = std::to_string(LockFormats::serverNowMs(*m_redis) / 1000);
        QVERIFY(run({"HSET", digest + ":LOCKED", LockFormats::sidekiqJid, nowS}));
        QVERIFY(run({"ZADD", "uniquejobs:digests", nowS, digest}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::SidekiqUniqueJobs);
        QCOMPARE(lock.shownName(), digest);
        QCOMPARE(lock.holders.front().owner, LockFormats::sidekiqJid);
    }

    void aSidekiqSideKeyThatIsAnotherLibrarysLockStaysThatLocksOwn()
    {
        // Found by fuzz_Recognizers: a key named like a unique job's side key but holding
        // another library's lock was listed in both locks.
        const std::string digest = "uniquejobs:9e107d9d372bb6826bd81d3542a419d6";
        QVERIFY(LockFormats::sidekiqUniqueJob(*m_redis, digest).ok());
        QVERIFY(LockFormats::redissonLock(*m_redis, digest + ":QUEUED", LockFormats::clientA, 7, 30000).ok());
        const auto locks = listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(2));
        const auto* job = findLock(locks, digest);
        const auto* other = findLock(locks, digest + ":QUEUED");
        QVERIFY(job && other);
        QCOMPARE(job->library, LockLibrary::SidekiqUniqueJobs);
        QCOMPARE(other->library, LockLibrary::Redisson);
        std::map<std::string, int> locksOfKey;
        for (const auto& lock : locks)
            for (const auto& key : lock.keys)
                ++locksOfKey[key];
        for (const auto& [key, count] : locksOfKey)
            QVERIFY2(count == 1, key.c_str());
        QVERIFY(other->keys == std::vector<std::string> {digest + ":QUEUED"});
    }

    void aQueuedButUnlockedSidekiqJobIsNoLock()
    {
        QVERIFY(run({"SET", "uniquejobs:9e107d9d372bb6826bd81d3542a419d6", LockFormats::sidekiqJid}));
        QVERIFY(listLocks(*m_redis).empty());
    }

    void aRedissonMultiLockGroupShowsWhoHoldsEachValue()
    {
        QVERIFY(LockFormats::redissonMultiLock(*m_redis, "flight-442").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.name, std::string("flight-442"));
        QCOMPARE(lock.library, LockLibrary::Redisson);
        QCOMPARE(lock.holders.size(), size_t(2));
        QCOMPARE(lock.holders.front().resource, std::string("seat-12A"));
        QCOMPARE(lock.holders.front().clientUuid, LockFormats::clientA);
        QCOMPARE(lock.holders.front().threadId, std::string("77"));
        QVERIFY(lock.holders.front().expiresAtMs.has_value());
    }

    void aPortalockerLockIsASubscribedConnectionAndNoKey()
    {
        QVERIFY(LockFormats::portalockerHolder(*m_redis, "report-builder").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.name, std::string("report-builder"));
        QCOMPARE(lock.library, LockLibrary::Portalocker);
        QVERIFY(lock.keys.empty());
        QCOMPARE(lock.holders.size(), size_t(1));
        QVERIFY(!lock.releaseWarning.empty());
    }

    void aNamedClientThatSubscribesToNothingHoldsNoLock()
    {
        auto client = test::connectTo(*m_server);
        QVERIFY(client && client->command({"CLIENT", "SETNAME", "cron-lock"}).ok());
        QVERIFY(listLocks(*m_redis).empty());
    }

    void aBullV3JobLockShowsItsQueueAndJobAndWarnsBeforeRelease()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "bull-v3", "bull:videos:42:lock").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::Bull);
        QCOMPARE(lock.shownName(), std::string("videos:42"));
        QVERIFY(anyNoteSays(lock, "job 42 of queue videos"));
        QVERIFY(lock.releaseWarning.get().english().find("run twice") != std::string::npos);
    }

    void anRqSchedulerLockShowsItsQueueAndProcess()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "rq-scheduler", "rq:scheduler-lock:high").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::Rq);
        QCOMPARE(lock.shownName(), std::string("high"));
        QCOMPARE(lock.holders.front().owner, std::string("4242"));
        QVERIFY(anyNoteSays(lock, "scheduler of queue high"));
    }

    void anRqSchedulerLockTakenByRqItselfIsListedAndReleasedForTheNextScheduler()
    {
        // The real library (Debian's python3-rq, installed by packaging/setup-debian.sh).
        auto acquire = [this] {
            QProcess python; // Debian's own interpreter: the one python3-rq installs into
            python.start("/usr/bin/python3",
                {"-c",
                    "import sys, redis\n"
                    "from rq.scheduler import RQScheduler\n"
                    "s = RQScheduler(['default'], connection=redis.Redis(port=int(sys.argv[1])))\n"
                    "print(','.join(sorted(s.acquire_locks())))\n",
                    QString::number(m_server->port())});
            python.waitForFinished(30000);
            return python.exitCode() == 0 ? python.readAllStandardOutput().trimmed().toStdString()
                                          : "error: " + python.readAllStandardError().toStdString();
        };
        const std::string first = acquire();
        if (first.starts_with("error: ") && first.find("No module named") != std::string::npos)
            QSKIP("python3-rq is not installed (packaging/setup-debian.sh installs it)");
        QCOMPARE(first, std::string("default"));
        QCOMPARE(acquire(), std::string()); // held: a second scheduler gets no queue
        const auto seen = test::observeLock(*m_redis, "rq:scheduler-lock:default");
        QVERIFY(seen);
        QCOMPARE(seen->library, LockLibrary::Rq);
        QVERIFY(seen->ttlMs.value_or(0) > 0);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QCOMPARE(acquire(), std::string("default"));
    }

    void aCeleryOnceLockNamesItsTask()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "celery-once", "qo_tasks.send_digest_user-7").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::CeleryOnce);
        QVERIFY(anyNoteSays(lock, "task tasks.send_digest_user-7"));
    }

    void aCelerySingletonLockWithoutTtlSaysItStays()
    {
        QVERIFY(run({"SETNX", "SINGLETONLOCK_9e107d9d372bb6826bd81d3542a419d6", LockFormats::uuidV4()}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::CelerySingleton);
        QVERIFY(!lock.ttlMs);
        QVERIFY(anyNoteSays(lock, "no TTL"));
    }

    void aRedBeatLeaderLockWarnsThatTasksMaySendTwice()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "redbeat", "redbeat::lock").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::RedBeat);
        QCOMPARE(lock.shownName(), std::string("redbeat::lock"));
        QVERIFY(lock.releaseWarning.get().english().find("twice") != std::string::npos);
    }

    void anActiveJobUniquenessLockIsRecognisedByItsPrefix()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "activejob-uniqueness",
            "activejob_uniqueness:sync_invoices_job:5d41402abc4b2a76b9719d911017c592:runtime")
                    .ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::ActiveJobUniqueness);
        QVERIFY(anyNoteSays(lock, "sync_invoices_job"));
    }

    void aResqueSchedulerMasterLockShowsHostAndProcess()
    {
        QVERIFY(
            run({"SET", "resque:resque_scheduler_master_lock", "web-1.example.com:777", "NX", "EX", "180"}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::ResqueScheduler);
        QCOMPARE(lock.holders.front().owner, std::string("web-1.example.com:777"));
        QVERIFY(!lock.releaseWarning.get().english().empty());
    }

    void aNodeResqueLeaderLockShowsTheSchedulerName()
    {
        QVERIFY(run({"SET", "resque:resque_scheduler_leader_lock", "scheduler-a", "NX", "EX", "180"}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::NodeResque);
        QCOMPARE(lock.holders.front().owner, std::string("scheduler-a"));
    }

    void anAsynqUniquenessLockNamesItsTaskAndQueue()
    {
        QVERIFY(run({"SET", "asynq:{critical}:unique:email:welcome:7d793037a0760186574b0282f2f435e7",
            LockFormats::uuidV4(), "NX", "EX", "3600"}));
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::Asynq);
        QCOMPARE(lock.shownName(), std::string("email:welcome:7d793037a0760186574b0282f2f435e7"));
        QVERIFY(anyNoteSays(lock, "task email:welcome:7d793037a0760186574b0282f2f435e7 in queue critical"));
    }

    void aHangfireLockNeedsItsTtl()
    {
        QVERIFY(
            LockFormats::simpleFormatLock(*m_redis, "hangfire-redis", "{hangfire}:lock:recurring-jobs").ok());
        QCOMPARE(onlyLock().library, LockLibrary::HangfireRedis);
        QCOMPARE(onlyLock().shownName(), std::string("lock:recurring-jobs")); // the resource Hangfire names
        QVERIFY(run({"PERSIST", "{hangfire}:lock:recurring-jobs"}));
        QVERIFY(onlyLock().library != LockLibrary::HangfireRedis); // a GUID kept forever is not its lock
    }

    void aYiiMutexIsRecognisedByItsHashedKeyAndToken()
    {
        QVERIFY(
            LockFormats::simpleFormatLock(*m_redis, "yii2-redis-mutex", "3c59d" + LockFormats::randomHex(32))
                .ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::YiiMutex);
        QVERIFY(anyNoteSays(lock, "md5"));
    }

    void anExqUniquenessLockIsRecognisedByItsPrefix()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "exq-unique", "exq:unique:daily-report").ok());
        QCOMPARE(onlyLock().library, LockLibrary::Exq);
    }

    void aQuartzJobStoreLockIsTheSchedulersAndWarnsBeforeRelease()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "quartz-redis-jobstore", "lock").ok());
        const auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::QuartzRedisJobStore);
        QCOMPARE(lock.shownName(), std::string("lock"));
        QVERIFY(!lock.possible);
        QVERIFY(lock.releaseWarning.get().english().find("fire twice") != std::string::npos);
        QVERIFY(run({"PERSIST", "lock"}));
        QVERIFY(onlyLock().library != LockLibrary::QuartzRedisJobStore); // its lock always has a TTL
    }

    void anRslockLockIsTwentyRandomBytesAndOnlyPossiblyOneUnderAnOrdinaryName()
    {
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "rslock", "locks:inventory").ok());
        auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::RsLock);
        QCOMPARE(lock.shownName(), std::string("locks:inventory")); // the resource rslock was given
        QVERIFY(!lock.possible);
        QCOMPARE(lock.holders.front().owner.size(), size_t(20));
        QVERIFY(run({"FLUSHALL"}));
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "rslock", "sku:1042").ok());
        lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::RsLock);
        QVERIFY(lock.possible);
        QVERIFY(lock.confidence < 0.5);
    }

    void twentyPrintableCharactersAreNoRslockLock()
    {
        QVERIFY(run({"SET", "locks:inventory", "abcdefghij0123456789", "PX", "20000"}));
        QVERIFY(onlyLock().library != LockLibrary::RsLock);
    }

    void aSymfonyLockBefore52IsOneStringTokenUnderItsResource()
    {
        // $factory->createLock('pdf-creation.lock') on symfony/lock 5.1 or older: a plain string.
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "symfony-lock-before-5.2", "pdf-creation.lock").ok());
        auto lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::SymfonyLock);
        QCOMPARE(lock.kind, LockKind::Token);
        QVERIFY(!lock.possible);
        QCOMPARE(lock.holders.front().owner.size(), size_t(44));
        QVERIFY(run({"FLUSHALL"}));
        QVERIFY(LockFormats::simpleFormatLock(*m_redis, "symfony-lock-before-5.2", "invoice-export").ok());
        lock = onlyLock();
        QCOMPARE(lock.library, LockLibrary::SymfonyLock);
        QVERIFY(lock.possible); // an ordinary name: a stored secret looks the same
    }

    void aSymfonyTokenWithoutTtlIsNoOlderSymfonyLock()
    {
        QVERIFY(run({"SET", "invoice-export", LockFormats::randomBase64(32)}));
        QVERIFY(listLocks(*m_redis).empty());
    }
};

QTEST_GUILESS_MAIN(tst_LibraryLocks)
#include "tst_LibraryLocks.moc"
