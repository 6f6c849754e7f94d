#include "faults/FailoverSandbox.h"
#include "faults/FaultSpec.h"
#include "locks/TokenLock.h"
#include "redis/RedisConnection.h"
#include "redis/RedisUrl.h"
#include "stress/StressEngine.h"
#include "support/RedisTestServer.h"

#include <QtTest>

using namespace lockscope;
using namespace std::chrono_literals;

// The failover drill (issue 15) on a real master + replica + sentinel (FailoverSandbox, one per
// test: a sandbox fails over once). The section the drill picks takes the lock while
// replication is held back, then the master dies and the replica, which never got the lock,
// is promoted.
class tst_FailoverDrill : public QObject
{
    Q_OBJECT

    // Two clients take turns on one lock with long holds (so that the second can come back
    // through the sentinel while the first still holds) and a think time (so that the drill's
    // section finds the lock free); the second section of the run fails over.
    static StressParameters drill(FailoverSandbox& sandbox, const std::string& prefix)
    {
        StressParameters p;
        p.kind = LockAlgorithm::Token;
        ConnectionOptions base;
        base.connectTimeout = 1000ms;
        base.commandTimeout = 5000ms;
        base.reconnect.maxDelay = 100ms; // back on the new master soon after the promotion
        p.connection = *parseRedisUrl(sandbox.url(), base);
        p.namePrefix = "failover-test:" + prefix + ":";
        p.clients = 2;
        p.locks = 1;
        p.hold = 1000ms;
        p.think = 300ms;
        p.lease = 15000ms; // the lost section's overlap is judged while its lease holds
        p.duration = 10000ms;
        p.faults.push_back(*FaultSpec::parse("failover:every=2"));
        p.failover = sandbox.drillHooks();
        return p;
    }

    static std::string describe(const StressResult& r)
    {
        std::string text = "acquisitions " + std::to_string(r.acquisitions) + ", overlaps "
            + std::to_string(r.overlaps) + ", lost " + std::to_string(r.faults.locksLost) + ", accepted "
            + std::to_string(r.faults.writesAccepted) + ", rejected "
            + std::to_string(r.faults.writesRejected) + ", out of order "
            + std::to_string(r.faults.writesOutOfOrder) + ", unconfirmed "
            + std::to_string(r.unconfirmedAcquires) + "; errors";
        for (const auto& [error, count] : r.errors)
            text += " " + std::string(error.name()) + "=" + std::to_string(count);
        return text + "; " + r.checkerSummary.english();
    }

private slots:
    void aFailoverBeforeTheReplicaHadTheLockLetsASecondHolderIn()
    {
        auto sandbox = FailoverSandbox::start();
        QVERIFY2(sandbox, sandbox ? "" : sandbox.error().message.c_str());
        StressEngine engine(drill(**sandbox, "lost"));
        auto result = engine.run();
        QVERIFY2(result, result ? "" : result.error().message.c_str());
        QCOMPARE(result->faults.injected["failover"], 1LL);
        // The promoted replica never had the lock: the other client takes it while the first
        // still holds, inside its lease. The checker counts that overlap.
        QVERIFY2(result->overlaps >= 1, describe(*result).c_str());
        QVERIFY2(result->violations >= 1, describe(*result).c_str());
        QVERIFY2(result->faults.locksLost >= 1, describe(*result).c_str());
    }

    void aFailoverIsInjectedAmongClientsThatNeverLeaveTheLockFree()
    {
        auto sandbox = FailoverSandbox::start();
        QVERIFY2(sandbox, sandbox ? "" : sandbox.error().message.c_str());
        // No think time and short holds: each release hands the lock straight on, so the
        // drill's section finds it free only if the others let it.
        auto p = drill(**sandbox, "busy");
        p.clients = 3;
        p.hold = 5ms;
        p.think = 0ms;
        p.lease = 2000ms;
        p.duration = 4000ms;
        p.faults = {*FaultSpec::parse("failover:every=15")};
        StressEngine engine(p);
        auto result = engine.run();
        QVERIFY2(result, result ? "" : result.error().message.c_str());
        QVERIFY2(result->faults.injected["failover"] == 1, describe(*result).c_str());
    }

    void theFenceAcceptsNoWriteOutOfOrderAfterAFailover()
    {
        auto sandbox = FailoverSandbox::start();
        QVERIFY2(sandbox, sandbox ? "" : sandbox.error().message.c_str());
        StressEngine engine(drill(**sandbox, "fenced"));
        auto result = engine.run();
        QVERIFY2(result, result ? "" : result.error().message.c_str());
        QCOMPARE(result->faults.injected["failover"], 1LL);
        // The fence counter went back with the promotion too: the two holders carry the same
        // fence, and the resource takes only the first of their writes.
        QVERIFY2(result->faults.writesRejected >= 1, describe(*result).c_str());
        QCOMPARE(result->faults.writesOutOfOrder, 0LL);
    }

    void waitingForTheReplicaKeepsEveryHoldThroughTheFailover()
    {
        auto sandbox = FailoverSandbox::start();
        QVERIFY2(sandbox, sandbox ? "" : sandbox.error().message.c_str());
        auto p = drill(**sandbox, "wait");
        p.waitReplicas = 1;
        p.replicaTimeout = 200ms;
        StressEngine engine(p);
        auto result = engine.run();
        QVERIFY2(result, result ? "" : result.error().message.c_str());
        QCOMPARE(result->faults.injected["failover"], 1LL);
        // The drill's section was not confirmed (its replication was held back), so it was
        // given up before the master died; every hold used was on the replica too.
        QVERIFY2(result->unconfirmedAcquires >= 1, describe(*result).c_str());
        QVERIFY2(result->violations == 0, describe(*result).c_str());
        QCOMPARE(result->faults.writesOutOfOrder, 0LL);
        QCOMPARE(result->faults.writesRejected, 0LL);
        QVERIFY2(result->acquisitions >= 2, describe(*result).c_str());
    }

    void aConnectionReEstablishedSinceTheAcquireConfirmsNothing()
    {
        // The lock was written on a connection the master then dropped; a WAIT on the new
        // connection would count replicas of nothing (and answer 1 at once): no confirmation.
        auto sandbox = FailoverSandbox::start();
        QVERIFY2(sandbox, sandbox ? "" : sandbox.error().message.c_str());
        ConnectionOptions base;
        base.connectTimeout = 1000ms;
        base.commandTimeout = 5000ms;
        base.clientRole = "confirm-test";
        auto connection = RedisConnection::connect(*parseRedisUrl((*sandbox)->url(), base));
        QVERIFY2(connection, connection ? "" : connection.error().message.c_str());
        std::shared_ptr<RedisConnection> shared = std::move(*connection);
        TokenLock lock(shared, "failover-test:confirm");
        AcquireOptions options;
        options.lease = 15000ms;
        auto acquired = lock.acquire(options);
        QVERIFY(acquired && acquired->acquired());
        auto confirmed = lock.confirmReplicas(1, 2000ms);
        QVERIFY2(confirmed && *confirmed == 1, confirmed ? "" : confirmed.error().message.c_str());
        auto admin = RedisConnection::connect(test::optionsFor((*sandbox)->master()));
        QVERIFY(admin);
        QVERIFY((*admin)->command({"CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"}));
        auto afterReconnect = lock.confirmReplicas(1, 200ms);
        QVERIFY2(!afterReconnect, afterReconnect ? std::to_string(*afterReconnect).c_str() : "");
        QCOMPARE(afterReconnect.error().kind, ErrorKind::Disconnected);
    }

    void waitingForReplicasIsRefusedWhereItCannotWork()
    {
        StressParameters p;
        p.kind = LockAlgorithm::Redlock;
        p.waitReplicas = 1;
        QVERIFY(!p.validate());
        StressParameters failover;
        failover.faults.push_back(*FaultSpec::parse("failover"));
        QVERIFY(!failover.validate()); // no sandbox to fail over
    }

    void theSandboxFailsOverBackAndForth()
    {
        auto sandbox = FailoverSandbox::start();
        QVERIFY2(sandbox, sandbox ? "" : sandbox.error().message.c_str());
        const int first = sandbox.value()->master().port();
        const int second = sandbox.value()->replica().port();
        auto once = sandbox.value()->failOver();
        QVERIFY2(once, once ? "" : once.error().message.c_str());
        QCOMPARE(sandbox.value()->master().port(), second);
        auto twice = sandbox.value()->failOver();
        QVERIFY2(twice, twice ? "" : twice.error().message.c_str());
        QCOMPARE(sandbox.value()->master().port(), first);
    }

    void aRunFailsOverAgainOnceTheOldMasterIsBackAsTheReplica()
    {
        auto sandbox = FailoverSandbox::start();
        QVERIFY2(sandbox, sandbox ? "" : sandbox.error().message.c_str());
        const int firstMaster = sandbox.value()->master().port();
        auto p = drill(**sandbox, "twice");
        p.faults = {*FaultSpec::parse("failover:every=2,count=2")};
        p.duration = 45000ms;
        StressEngine engine(p);
        auto result = engine.run();
        QVERIFY2(result, result ? "" : result.error().message.c_str());
        QVERIFY2(result->faults.injected["failover"] == 2, describe(*result).c_str());
        // Back and forth: the first master is the master again, with the other as its replica.
        QCOMPARE(sandbox.value()->master().port(), firstMaster);
        QCOMPARE(result->faults.writesOutOfOrder, 0LL);
        QVERIFY2(result->errors.count(StressError::of(StressError::Cause::FailoverFailed)) == 0,
            describe(*result).c_str());
    }
};

QTEST_GUILESS_MAIN(tst_FailoverDrill)
#include "tst_FailoverDrill.moc"
