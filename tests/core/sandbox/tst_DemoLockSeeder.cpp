#include "inspect/LockInspector.h"
#include "sandbox/SampleLockSeeder.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <map>
#include <optional>

using namespace lockscope;

namespace {

std::map<std::string, LockSnapshot> listLocks(RedisConnection& connection)
{
    InspectResult result = LockInspector::inspect({InspectTarget("node", &connection)}, InspectOptions {});
    std::map<std::string, LockSnapshot> byName;
    for (auto& lock : result.locks)
        byName.emplace(lock.name, std::move(lock));
    return byName;
}

} // namespace

class tst_DemoLockSeeder : public test::RedisTestCase
{
    Q_OBJECT

private Q_SLOTS:
    void seedsLocksOfEveryKindAndLibraryThatTheInspectorRecognises()
    {
        SampleLockSeeder seeder(test::optionsFor(*m_server));
        auto made = seeder.seed();
        QVERIFY2(made, made ? "" : made.error().toString().c_str());
        QVERIFY(made->size() >= 15);
        // The fair lock's waiters queue up on their own threads.
        // (Each waiter shows in the fair queue and in LockScope's waiter registry.)
        QTRY_VERIFY_WITH_TIMEOUT(listLocks(*m_redis)["demo:ledger:close-day"].waiters.size() >= 2, 10000);

        auto locks = listLocks(*m_redis);
        for (const auto& [name, lock] : locks)
            qInfo("%s: %s %s", name.c_str(), std::string(lockKindName(lock.kind)).c_str(),
                std::string(lockLibraryName(lock.library)).c_str());
        // A library for the other libraries' samples; LockScope's own demo: locks vary.
        const std::map<std::string, std::pair<LockKind, std::optional<LockLibrary>>> expected {
            {"inventory:sku-1042", {LockKind::Reentrant, LockLibrary::Redisson}},
            {"report:nightly", {LockKind::Fair, LockLibrary::Redisson}},
            {"catalog:rebuild", {LockKind::ReadWrite, LockLibrary::Redisson}},
            {"invoice:2026-0117", {LockKind::Token, LockLibrary::RedisPy}},
            {"etl:daily-import", {LockKind::Token, LockLibrary::RedisPy}},
            {"mutex:email-sender", {LockKind::Token, LockLibrary::RedisSemaphoreNode}},
            {"thumbnailer", {LockKind::Semaphore, LockLibrary::RedisSemaphoreNode}},
            {"pdf-render", {LockKind::Semaphore, LockLibrary::RedisSemaphoreRuby}},
            {"lock.cron-cleanup", {LockKind::Legacy, std::nullopt}},
            {"locks:payment-gateway", {LockKind::Token, std::nullopt}},
            {"demo:orders:checkout", {LockKind::Reentrant, std::nullopt}},
            {"demo:ledger:close-day", {LockKind::Fair, std::nullopt}},
            {"demo:catalog:prices", {LockKind::ReadWrite, std::nullopt}},
            {"demo:catalog:stock", {LockKind::ReadWrite, std::nullopt}},
            {"demo:api:quota", {LockKind::Semaphore, std::nullopt}},
            {"demo:mailer:lock", {LockKind::Token, std::nullopt}},
            {"job-lock:default:sendNewsletter", {LockKind::Token, LockLibrary::ShedLock}},
            {"orders-registry:order-8812", {LockKind::Token, LockLibrary::SpringIntegration}},
            {"orders-registry:order-8813", {LockKind::Token, LockLibrary::SpringIntegration}},
            {"laravel_database_laravel_unique_job:App\\Jobs\\SyncInvoices:tenant-4",
                {LockKind::Token, LockLibrary::Laravel}},
            {"laravel_database_laravel_cache_import-prices", {LockKind::Token, LockLibrary::Laravel}},
            {"php-malkusch-lock:pdf-export", {LockKind::Token, LockLibrary::PhpLock}},
            {"lock:resize-images", {LockKind::Token, LockLibrary::PythonRedisLock}},
            {"bull:emails:1337:lock", {LockKind::Token, LockLibrary::BullMQ}},
            {"redlock:payout-batch", {LockKind::Token, LockLibrary::RedLockNetOrPottery}},
            {"warehouse.writer", {LockKind::ReadWrite, LockLibrary::DistributedLockRedis}},
            {"locks:geo-index", {LockKind::Token, LockLibrary::Redsync}},
            {"lock:billing-run", {LockKind::Token, LockLibrary::BsmRedislock}},
            {"stock-lock", {LockKind::Token, LockLibrary::GoZero}},
            {"lock.mail-digest", {LockKind::Token, LockLibrary::NpmRedisLock}},
            {"order:10452", {LockKind::Token, LockLibrary::NodeRedlockFamily}},
            {"invoice-export", {LockKind::ReadWrite, LockLibrary::SymfonyLock}},
            {"pdf-workers", {LockKind::Semaphore, LockLibrary::SymfonySemaphore}},
            {"flight-442:seats", {LockKind::Reentrant, LockLibrary::Redisson}},
            {"pdf-merge", {LockKind::Token, LockLibrary::Portalocker}},
        };
        for (const auto& [name, kindAndLibrary] : expected) {
            auto found = locks.find(name);
            QVERIFY2(found != locks.end(), name.c_str());
            QVERIFY2(found->second.kind == kindAndLibrary.first, name.c_str());
            const std::string library(lockLibraryName(found->second.library));
            if (kindAndLibrary.second)
                QVERIFY2(found->second.library == *kindAndLibrary.second, (name + ": " + library).c_str());
        }
        QCOMPARE(locks["inventory:sku-1042"].holders.at(0).count, 2LL);
        QVERIFY(locks["report:nightly"].stuck);
        QVERIFY(locks["order:10452"].possible);
        QVERIFY(std::any_of(locks.begin(), locks.end(),
            [](const auto& entry) { return entry.second.library == LockLibrary::SidekiqUniqueJobs; }));
        QVERIFY(!locks["locks:payment-gateway"].possible);
        QVERIFY(locks["invoice:2026-0117"].ttlMs.value_or(0) <= 25000);

        seeder.stop();
        auto after = listLocks(*m_redis);
        QVERIFY(!after.count("demo:orders:checkout"));
        QVERIFY(!after.count("demo:ledger:close-day"));
        QVERIFY(after.count("inventory:sku-1042")); // foreign locks stay until their TTL
        QVERIFY(!after.count("pdf-merge")); // the subscribed holder is gone with the seeder
    }
};

QTEST_GUILESS_MAIN(tst_DemoLockSeeder)
#include "tst_DemoLockSeeder.moc"
