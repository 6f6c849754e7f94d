#include "inspect/admin/AuditLog.h"
#include "inspect/admin/ExtendLock.h"
#include "inspect/admin/ForceRelease.h"
#include "redis/ServerCapabilities.h"
#include "support/CommandStats.h"
#include "support/LockFormats.h"
#include "support/ObservedLock.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace lockscope;
using namespace std::chrono_literals;
using test::LockFormats;

namespace {
const std::string clientB = "0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a";
} // namespace

class tst_ForceRelease : public test::RedisTestCase
{
    Q_OBJECT

    bool exists(const std::string& key) { return m_redis->command({"EXISTS", key})->integer() == 1; }

    std::optional<LockSnapshot> observe(const std::string& name) { return test::observeLock(*m_redis, name); }

    // A subscriber on `channel`, ready when returned.
    std::unique_ptr<RedisConnection> subscribe(const std::string& channel)
    {
        auto subscriber = test::connectTo(*m_server);
        if (!subscriber || !subscriber->send({"SUBSCRIBE", channel}).ok()
            || !subscriber->readReply(std::chrono::milliseconds(2000)).ok())
            return nullptr;
        return subscriber;
    }

    std::string nextMessage(RedisConnection& subscriber)
    {
        auto message = subscriber.readReply(std::chrono::milliseconds(2000));
        if (!message || !message->isArray() || message->size() != 3)
            return "(no message)";
        return message->at(1).text() + "=" + message->at(2).text();
    }

    long long evalCalls()
    {
        auto stats = m_redis->command({"INFO", "commandstats"});
        const std::string text = stats ? stats->text() : "";
        const auto at = text.find("cmdstat_eval:calls=");
        return at == std::string::npos ? 0 : std::stoll(text.substr(at + 19));
    }

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void releasingARedissonLockWakesItsWaiters()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto waiter = subscribe("redisson_lock__channel:{orders}");
        QVERIFY(waiter);
        auto seen = observe("orders");
        QVERIFY(seen);
        auto result = ForceRelease::release(*m_redis, *seen);
        QVERIFY(result.ok());
        QCOMPARE(result->outcome, AdminOutcome::Done);
        QCOMPARE(result->notified, 1LL);
        QVERIFY(!exists("orders"));
        QCOMPARE(nextMessage(*waiter), std::string("redisson_lock__channel:{orders}=0"));
    }

    void aNewHolderBetweenObservationAndReleaseStays()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto seen = observe("orders");
        QVERIFY(seen);
        QVERIFY(run({"DEL", "orders"}));
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", clientB, 2, 30000).ok());
        auto result = ForceRelease::release(*m_redis, *seen);
        QVERIFY(result.ok());
        QCOMPARE(result->outcome, AdminOutcome::HolderChanged);
        QCOMPARE(m_redis->command({"HGET", "orders", clientB + ":2"})->text(), std::string("1"));
    }

    void aReentryAfterObservationCountsAsAChange()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto seen = observe("orders");
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto result = ForceRelease::release(*m_redis, *seen);
        QCOMPARE(result->outcome, AdminOutcome::HolderChanged);
        QVERIFY(exists("orders"));
    }

    void aTokenReplacedByAnotherHolderStays()
    {
        QVERIFY(run({"SET", "locks:job", LockFormats::randomAlnum(20), "PX", "30000"}));
        auto seen = observe("locks:job");
        QVERIFY(seen);
        const std::string next = LockFormats::randomAlnum(20);
        QVERIFY(run({"SET", "locks:job", next, "PX", "30000"}));
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::HolderChanged);
        QCOMPARE(m_redis->command({"GET", "locks:job"})->text(), next);
    }

    void aTokenLockStillHeldIsDeleted()
    {
        QVERIFY(run({"SET", "mutex:report", LockFormats::uuidV4(), "PX", "30000"}));
        auto seen = observe("report");
        QVERIFY(seen);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QVERIFY(!exists("mutex:report"));
    }

    void aLockNamedKeyIsReleasedOnlyWhileItHoldsTheValueShown()
    {
        // A lock of no known format, found by its name and TTL: compare-and-delete on its value.
        QVERIFY(run({"SET", "Billing-LEADER", R"({"host":"api-2","pid":4242})", "EX", "60"}));
        auto seen = observe("Billing-LEADER");
        QVERIFY(seen);
        QVERIFY(run({"SET", "Billing-LEADER", R"({"host":"api-3","pid":17})", "EX", "60"}));
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::HolderChanged);
        QVERIFY(exists("Billing-LEADER"));
        seen = observe("Billing-LEADER");
        QVERIFY(seen);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QVERIFY(!exists("Billing-LEADER"));
    }

    void aStringLockIsReleasedByTheServersOwnCompareAndDelete()
    {
        auto capabilities = ServerCapabilities::of(*m_redis);
        QVERIFY(capabilities);
        if (!capabilities->has(ServerFeature::DelIfEq) && !capabilities->has(ServerFeature::DelEx))
            QSKIP("the server lacks DELIFEQ and DELEX");
        const std::string native = capabilities->has(ServerFeature::DelIfEq) ? "delifeq" : "delex";
        QVERIFY(run({"SET", "mutex:native", LockFormats::uuidV4(), "PX", "30000"}));
        auto seen = observe("native");
        QVERIFY(seen);
        const long long nativeBefore = test::commandCalls(*m_redis, native);
        const long long evalsBefore = evalCalls();
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QVERIFY(!exists("mutex:native"));
        QCOMPARE(test::commandCalls(*m_redis, native), nativeBefore + 1);
        QCOMPARE(evalCalls(), evalsBefore);
    }

    void aStringLockGoneMeanwhileIsNothingToRelease()
    {
        QVERIFY(run({"SET", "mutex:gone", LockFormats::uuidV4(), "PX", "30000"}));
        auto seen = observe("gone");
        QVERIFY(seen);
        QVERIFY(run({"DEL", "mutex:gone"}));
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::NothingThere);
    }

    void aLockGoneMeanwhileIsNothingToRelease()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto seen = observe("orders");
        QVERIFY(run({"DEL", "orders"}));
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::NothingThere);
    }

    void aFairLockReleaseNotifiesOnlyTheHeadWaiter()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(LockFormats::redissonLock(*m_redis, "fair", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(run({"RPUSH", "redisson_lock_queue:{fair}", clientB + ":7", clientB + ":8"}));
        QVERIFY(run({"ZADD", "redisson_lock_timeout:{fair}", std::to_string(now + 30000), clientB + ":7",
            std::to_string(now + 35000), clientB + ":8"}));
        auto head = subscribe("redisson_lock__channel:{fair}:" + clientB + ":7");
        QVERIFY(head);
        auto seen = observe("fair");
        QVERIFY(seen && seen->kind == LockKind::Fair);
        auto result = ForceRelease::release(*m_redis, *seen);
        QCOMPARE(result->outcome, AdminOutcome::Done);
        QCOMPARE(result->notified, 1LL);
        QCOMPARE(nextMessage(*head), "redisson_lock__channel:{fair}:" + clientB + ":7=0");
        QVERIFY(exists("redisson_lock_queue:{fair}")); // the waiters keep their places
    }

    void aWriteLockReleasePublishesOneOnTheRwlockChannel()
    {
        QVERIFY(LockFormats::redissonWriteLock(*m_redis, "ledger", LockFormats::clientA, 1, 30000).ok());
        auto waiter = subscribe("redisson_rwlock:{ledger}");
        auto seen = observe("ledger");
        QVERIFY(seen && seen->kind == LockKind::ReadWrite);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QCOMPARE(nextMessage(*waiter), std::string("redisson_rwlock:{ledger}=1"));
    }

    void aReadLockReleaseRemovesItsTimeoutKeysAndPublishesZero()
    {
        QVERIFY(LockFormats::redissonReadLock(*m_redis, "catalog", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(LockFormats::redissonReadLock(*m_redis, "catalog", clientB, 2, 30000).ok());
        auto waiter = subscribe("redisson_rwlock:{catalog}");
        auto seen = observe("catalog");
        QVERIFY(seen);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QCOMPARE(nextMessage(*waiter), std::string("redisson_rwlock:{catalog}=0"));
        QCOMPARE(m_redis->command({"DBSIZE"})->integer(), 0LL);
    }

    void aStuckLegacyLockIsReleased()
    {
        QVERIFY(
            run({"SET", "lock.nightly", std::to_string(LockFormats::serverNowMs(*m_redis) / 1000 - 600)}));
        auto seen = observe("lock.nightly");
        QVERIFY(seen && seen->stuck);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        QVERIFY(!exists("lock.nightly"));
    }

    void aReadOnlyConnectionIsRefusedBeforeAnythingIsSent()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto seen = observe("orders");
        ConnectionOptions readOnly;
        readOnly.readOnly = true;
        auto connection = test::connectTo(*m_server, readOnly);
        const long long evalsBefore = evalCalls();
        auto released = ForceRelease::release(*connection, *seen);
        QVERIFY(!released.ok());
        QCOMPARE(released.error().kind, ErrorKind::ReadOnlyRefused);
        auto extended = ExtendLock::extend(*connection, *seen, 60000ms);
        QCOMPARE(extended.error().kind, ErrorKind::ReadOnlyRefused);
        QCOMPARE(evalCalls(), evalsBefore);
        QVERIFY(exists("orders"));
    }

    void semaphoresAreNotReleasedWholesale()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(run({"ZADD", "semaphore:api", std::to_string(now), LockFormats::uuidV4()}));
        auto seen = observe("api");
        QVERIFY(seen);
        auto result = ForceRelease::release(*m_redis, *seen);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind, ErrorKind::Usage);
        QVERIFY(exists("semaphore:api"));
    }

    void extendSetsTheLeaseOfAnUnchangedLock()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 5000).ok());
        auto seen = observe("orders");
        auto result = ExtendLock::extend(*m_redis, *seen, 600000ms);
        QCOMPARE(result->outcome, AdminOutcome::Done);
        QVERIFY(m_redis->command({"PTTL", "orders"})->integer() > 500000);
    }

    void extendLeavesAChangedLockAlone()
    {
        QVERIFY(run({"SET", "locks:job", "token-one-abc", "PX", "5000"}));
        auto seen = observe("locks:job");
        QVERIFY(seen);
        QVERIFY(run({"SET", "locks:job", "token-two-abc", "PX", "5000"}));
        QCOMPARE(ExtendLock::extend(*m_redis, *seen, 600000ms)->outcome, AdminOutcome::HolderChanged);
        QVERIFY(m_redis->command({"PTTL", "locks:job"})->integer() <= 5000);
    }

    void extendMovesALegacyTimestamp()
    {
        const long long nowS = LockFormats::serverNowMs(*m_redis) / 1000;
        QVERIFY(run({"SET", "lock.foo", std::to_string(nowS + 5)}));
        auto seen = observe("lock.foo");
        QVERIFY(seen);
        QCOMPARE(ExtendLock::extend(*m_redis, *seen, 600000ms)->outcome, AdminOutcome::Done);
        const long long value = std::stoll(m_redis->command({"GET", "lock.foo"})->text());
        QVERIFY(value >= nowS + 599 && value <= nowS + 602);
    }

    void auditLogAppendsOneJsonLinePerAction()
    {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/nested/audit.log";
        AuditLog log(path);
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto seen = observe("orders");
        QVERIFY(log.append({0, "redis://127.0.0.1", "n", "orders", "release", seen, std::nullopt,
                               "done: released"})
                    .ok());
        QVERIFY(
            log.append({0, "redis://127.0.0.1", "n", "orders", "extend", seen, seen, "holder changed"}).ok());
        std::ifstream file(path);
        std::string line;
        int lines = 0;
        while (std::getline(file, line)) {
            ++lines;
            auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(line));
            QVERIFY(doc.isObject());
            const auto entry = doc.object();
            QVERIFY(entry["time_ms"].toDouble() > 0);
            QCOMPARE(entry["lock"].toString(), QString("orders"));
            QVERIFY(entry["before"].isObject());
            QCOMPARE(entry["after"].isNull(), lines == 1);
            QVERIFY(!entry["result"].toString().isEmpty());
            QVERIFY(!entry["connection"].toString().isEmpty());
        }
        QCOMPARE(lines, 2);
    }

    void auditLogLivesInTheDataDirectory()
    {
        QCOMPARE(AuditLog::defaultPath({{"XDG_DATA_HOME", "/d"}, {"HOME", "/h"}}),
            std::string("/d/lockscope/audit.log"));
        QCOMPARE(AuditLog::defaultPath({{"HOME", "/h"}}), std::string("/h/.local/share/lockscope/audit.log"));
        QCOMPARE(AuditLog::defaultPath({{"LOCKSCOPE_AUDIT_LOG", "/x.log"}, {"HOME", "/h"}}),
            std::string("/x.log"));
    }
};

QTEST_GUILESS_MAIN(tst_ForceRelease)
#include "tst_ForceRelease.moc"
