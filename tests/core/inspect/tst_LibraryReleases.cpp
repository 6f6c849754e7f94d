// A forced release wakes each library's waiters the way that library's own release does.
#include "inspect/LockInspector.h"
#include "inspect/admin/ForceRelease.h"
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
    void init() { QVERIFY(run({"FLUSHALL"})); }

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
};

QTEST_GUILESS_MAIN(tst_LibraryReleases)
#include "tst_LibraryReleases.moc"
