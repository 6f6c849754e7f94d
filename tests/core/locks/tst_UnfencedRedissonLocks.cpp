#include "locks/LockFactory.h"
#include "locks/LockKeyNames.h"
#include "locks/RedissonHashLock.h"
#include "locks/waiting/WaiterRegistry.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <future>

using namespace lockscope;
using namespace std::chrono_literals;

using test::eventually;
using test::tryOnce;
using test::waitUpTo;

// The Redisson-format kinds (reentrant, fair, read, write) with fencing turned off
// (LockSpec::fenced = false): they write only what Redisson's own locks write, so no
// `redisson_lock_token:{<name>}` counter, and their holds have no fence; everything else
// (exclusion, waking, in-process handoff) works as with fencing on.
class tst_UnfencedRedissonLocks : public test::RedisTestCase
{
    Q_OBJECT

    std::unique_ptr<DistributedLock> makeLock(
        const QString& kind, const std::string& name, bool fenced = false)
    {
        LockSpec spec;
        spec.kind = lockAlgorithmNames.parse(kind.toStdString()).value_or(LockAlgorithm::Reentrant);
        spec.name = name;
        spec.connection = options();
        spec.fenced = fenced;
        auto lock = LockFactory::create(spec);
        if (!lock) {
            qWarning("cannot create a %s lock: %s", qPrintable(kind), lock.error().message.c_str());
            return nullptr;
        }
        return std::move(lock.value());
    }

    long long exists(const std::string& key)
    {
        auto reply = m_redis->command({"EXISTS", key});
        return reply ? reply->integer() : -1;
    }

    static void addKinds()
    {
        QTest::addColumn<QString>("kind");
        for (const char* kind : {"reentrant", "fair", "read", "write"})
            QTest::newRow(kind) << QString(kind);
    }

private slots:
    void aHoldStartsAndEndsWithoutTheFenceCounter_data() { addKinds(); }

    void aHoldStartsAndEndsWithoutTheFenceCounter()
    {
        QFETCH(QString, kind);
        const std::string name = "unfenced-" + kind.toStdString();
        auto lock = makeLock(kind, name);
        QVERIFY(lock);
        auto acquired = lock->acquire(tryOnce());
        QVERIFY(acquired.ok() && acquired->acquired());
        QVERIFY(!acquired->fence);
        QVERIFY(!lock->fence());
        QCOMPARE(m_redis->command({"HGET", name, lock->holderId()})->text(), std::string("1"));
        // A re-entry is the same hold, still without a fence.
        auto again = lock->acquire(tryOnce());
        QVERIFY(again.ok() && again->acquired());
        QVERIFY(!again->fence);
        QCOMPARE(m_redis->command({"HGET", name, lock->holderId()})->text(), std::string("2"));
        QCOMPARE(exists(LockKeyNames::fenceCounter(name)), 0LL);

        QCOMPARE(*lock->release(), HoldOutcome::Done);
        QCOMPARE(*lock->release(), HoldOutcome::Done);
        QCOMPARE(exists(name), 0LL);
        QCOMPARE(exists(LockKeyNames::fenceCounter(name)), 0LL);
    }

    void aSecondHolderIsRefusedWhileHeld_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("rivalKind");
        QTest::newRow("reentrant") << "reentrant"
                                   << "reentrant";
        QTest::newRow("fair") << "fair"
                              << "fair";
        QTest::newRow("write") << "write"
                               << "write";
        QTest::newRow("write, then a reader") << "write"
                                              << "read";
        QTest::newRow("read, then a writer") << "read"
                                             << "write";
    }

    void aSecondHolderIsRefusedWhileHeld()
    {
        QFETCH(QString, kind);
        QFETCH(QString, rivalKind);
        const std::string name = "unfenced-excl-" + kind.toStdString() + "-" + rivalKind.toStdString();
        auto holder = makeLock(kind, name);
        auto rival = makeLock(rivalKind, name);
        QVERIFY(holder && rival);
        QVERIFY(holder->acquire(tryOnce())->acquired());
        auto refused = rival->acquire(waitUpTo(300ms));
        QVERIFY(refused.ok());
        QCOMPARE(refused->outcome, AcquireOutcome::TimedOut);

        QCOMPARE(*holder->release(), HoldOutcome::Done);
        auto taken = rival->acquire(waitUpTo(10s));
        QVERIFY(taken.ok() && taken->acquired());
        QVERIFY(!taken->fence);
        QCOMPARE(*rival->release(), HoldOutcome::Done);
        QCOMPARE(exists(LockKeyNames::fenceCounter(name)), 0LL);
    }

    void aHandoffBetweenLocalWaitersWritesNoCounter_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("reentrant") << "reentrant";
        QTest::newRow("fair") << "fair";
    }

    void aHandoffBetweenLocalWaitersWritesNoCounter()
    {
        // The holder's release hands the lock to the first waiter in its unlock script (no
        // unlock notice), whose release hands it to the second: no fence on the way.
        QFETCH(QString, kind);
        const std::string name = "unfenced-handoff-" + kind.toStdString();
        auto holder = makeLock(kind, name);
        auto first = makeLock(kind, name);
        auto second = makeLock(kind, name);
        QVERIFY(holder && first && second);
        auto* holderHash = dynamic_cast<RedissonHashLock*>(holder.get());
        auto* firstHash = dynamic_cast<RedissonHashLock*>(first.get());
        QVERIFY(holderHash && firstHash);
        QVERIFY(holder->acquire(tryOnce())->acquired());
        auto firstWaiting = std::async(std::launch::async, [&] { return first->acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] { return holderHash->localWaitersReadyForHandoff() == 1; }));
        auto secondWaiting = std::async(std::launch::async, [&] { return second->acquire(waitUpTo(20s)); });
        // The reentrant kind's second waiter queues in-process behind the first (LocalWaitLine)
        // until the first holds; the fair one is a ready waiter of its own at once.
        if (kind == "fair")
            QVERIFY(eventually([&] { return holderHash->localWaitersReadyForHandoff() == 2; }));
        auto listener = test::connectTo(*m_server);
        QVERIFY(listener);
        // Every unlock notice of both kinds (the fair lock's go to per-waiter channels).
        QVERIFY(listener->send({"PSUBSCRIBE", LockKeyNames::lockChannel(name) + "*"}).ok());
        QVERIFY(listener->readReply(5s).ok());

        QCOMPARE(*holder->release(), HoldOutcome::Done);
        auto firstResult = firstWaiting.get();
        QVERIFY(firstResult.ok() && firstResult->acquired());
        QVERIFY(!firstResult->fence);
        QVERIFY(!first->fence());
        QCOMPARE(firstHash->holdCount(), 1);
        QCOMPARE(m_redis->command({"HGET", name, first->holderId()})->text(), std::string("1"));
        QVERIFY(eventually([&] { return firstHash->localWaitersReadyForHandoff() == 1; }));

        QCOMPARE(*first->release(), HoldOutcome::Done);
        auto secondResult = secondWaiting.get();
        QVERIFY(secondResult.ok() && secondResult->acquired());
        QVERIFY(!secondResult->fence);
        QCOMPARE(m_redis->command({"HGET", name, second->holderId()})->text(), std::string("1"));
        QCOMPARE(listener->readReply(200ms).error().kind, ErrorKind::Timeout); // handed over, no notice
        QCOMPARE(exists(LockKeyNames::fenceCounter(name)), 0LL);

        QCOMPARE(*second->release(), HoldOutcome::Done);
        QCOMPARE(exists(name), 0LL);
        QCOMPARE(exists(LockKeyNames::fenceCounter(name)), 0LL);
    }

    void aFencedWaiterGetsAFenceAfterAnUnfencedHolder_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("reentrant") << "reentrant";
        QTest::newRow("fair") << "fair";
    }

    void aFencedWaiterGetsAFenceAfterAnUnfencedHolder()
    {
        // Locks of both settings may share a name in one process: an unfenced holder does not
        // hand its lock to a fenced waiter (which would then hold without a fence), it wakes it.
        QFETCH(QString, kind);
        const std::string name = "mixed-" + kind.toStdString();
        auto holder = makeLock(kind, name, false);
        auto waiter = makeLock(kind, name, true);
        QVERIFY(holder && waiter);
        QVERIFY(holder->acquire(tryOnce())->acquired());
        auto waiting = std::async(std::launch::async, [&] { return waiter->acquire(waitUpTo(20s)); });
        QVERIFY(eventually([&] {
            return m_redis->command({"ZCARD", WaiterRegistry::keyFor(name)})->integer() == 1;
        }));
        QCOMPARE(*holder->release(), HoldOutcome::Done);
        auto result = waiting.get();
        QVERIFY(result.ok() && result->acquired());
        QVERIFY(result->fence);
        QCOMPARE(m_redis->command({"GET", LockKeyNames::fenceCounter(name)})->text(),
            std::to_string(*result->fence));
        QCOMPARE(*waiter->release(), HoldOutcome::Done);
    }
};

QTEST_GUILESS_MAIN(tst_UnfencedRedissonLocks)
#include "tst_UnfencedRedissonLocks.moc"
