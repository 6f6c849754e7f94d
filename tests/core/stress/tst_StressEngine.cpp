#include "locks/LockFactory.h"
#include "stress/StressEngine.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

class tst_StressEngine : public test::RedisTestCase
{
    Q_OBJECT

    StressParameters parametersFor(LockAlgorithm kind, const std::string& prefix)
    {
        StressParameters p;
        p.kind = kind;
        p.connection = options();
        p.namePrefix = "stress-test:" + prefix + ":";
        return p;
    }

    // A safe kind under contention: several clients, two locks, holds well inside the lease.
    void expectNoViolations(StressParameters p)
    {
        p.clients = 6;
        p.locks = 2;
        p.hold = 2ms;
        p.lease = 10000ms;
        p.duration = 1500ms;
        StressEngine engine(p);
        auto result = engine.run();
        QVERIFY2(result, result ? "" : result.error().message.c_str());
        QVERIFY(result->acquisitions > 0);
        QCOMPARE(result->sectionsChecked, result->acquisitions);
        QVERIFY2(result->violations == 0, result->checkerSummary.english().c_str());
        QCOMPARE(result->errorCount(), 0LL);
    }

private slots:
    void theCheckerFindsViolationsOfTheNaiveKind()
    {
        // Leases far shorter than the holds: every waiter finds the holder's lock "expired",
        // deletes it and takes it while the holder is still inside its section.
        auto p = parametersFor(LockAlgorithm::Naive, "naive");
        p.clients = 8;
        p.hold = 60ms;
        p.lease = 10ms;
        p.duration = 1500ms;
        StressEngine engine(p);
        auto result = engine.run();
        QVERIFY2(result, result ? "" : result.error().message.c_str());
        QVERIFY(result->acquisitions > 0);
        QVERIFY2(result->violations > 0, result->checkerSummary.english().c_str());
        QVERIFY(result->overlaps > 0);
        QVERIFY(!result->checkerSummary.empty());
    }

    void tokenHasNoViolations() { expectNoViolations(parametersFor(LockAlgorithm::Token, "token")); }

    void legacyHasNoViolations() { expectNoViolations(parametersFor(LockAlgorithm::Legacy, "legacy")); }

    void redlockHasNoViolations()
    {
        std::vector<std::unique_ptr<RedisServerProcess>> nodes;
        auto p = parametersFor(LockAlgorithm::Redlock, "redlock");
        for (int i = 0; i < 3; ++i) {
            nodes.push_back(test::startServer());
            QVERIFY(nodes.back());
            p.nodes.push_back(test::optionsFor(*nodes.back()));
        }
        expectNoViolations(p);
    }

    void measuresLatencyFairnessAndCpu()
    {
        auto p = parametersFor(LockAlgorithm::Token, "measures");
        p.clients = 3;
        p.hold = 1ms;
        p.think = 1ms;
        p.duration = 1000ms;
        StressEngine engine(p);
        auto result = engine.run();
        QVERIFY(result);
        QCOMPARE(result->kind, LockAlgorithm::Token);
        QCOMPARE(result->perClientAcquisitions.size(), size_t(3));
        long long sum = 0;
        for (long long count : result->perClientAcquisitions)
            sum += count;
        QCOMPARE(sum, result->acquisitions);
        QVERIFY(result->opsPerSecond > 0);
        QVERIFY(result->acquireWait.p50Us <= result->acquireWait.p99Us);
        QVERIFY(result->acquireWait.p99Us <= result->acquireWait.maxUs);
        QVERIFY(result->fairnessJain > 0 && result->fairnessJain <= 1.0);
        QVERIFY(result->cpuMicrosPerAcquisition > 0);
        QVERIFY(!result->stoppedEarly);
    }

    void handoffIsMeasuredBetweenDifferentClients()
    {
        // Two clients alternate on one lock: each think time lets the other one in.
        auto p = parametersFor(LockAlgorithm::Token, "handoff");
        p.clients = 2;
        p.hold = 20ms;
        p.think = 30ms;
        p.duration = 1500ms;
        StressEngine engine(p);
        auto result = engine.run();
        QVERIFY(result);
        QVERIFY(result->handoff.count > 0);
        QVERIFY(result->handoff.p50Us > 0);
        QVERIFY(result->handoff.p50Us <= result->handoff.maxUs);
    }

    void iterationsEndTheRun()
    {
        auto p = parametersFor(LockAlgorithm::Token, "iterations");
        p.clients = 2;
        p.locks = 2;
        p.hold = 0ms;
        p.iterations = 25;
        p.duration = 0ms;
        StressEngine engine(p);
        auto result = engine.run();
        QVERIFY(result);
        QCOMPARE(result->acquisitions, 50LL);
        QCOMPARE(result->perClientAcquisitions, (std::vector<long long> {25, 25}));
    }

    void theHeldLocksAreRealKeys()
    {
        auto p = parametersFor(LockAlgorithm::Token, "visible");
        p.clients = 2;
        p.hold = 50ms;
        p.duration = 3000ms;
        CancellationToken cancel;
        std::atomic<bool> seen {false};
        auto observer = test::connectTo(*m_server);
        QVERIFY(observer);
        StressEngine engine(p);
        std::optional<Result<StressResult>> result;
        std::thread runner([&] { result.emplace(engine.run(&cancel)); });
        const auto deadline = std::chrono::steady_clock::now() + 2500ms;
        while (!seen && std::chrono::steady_clock::now() < deadline) {
            auto exists = observer->command({"EXISTS", p.lockName(0)});
            seen = exists && exists->isInteger() && exists->integer() == 1;
            std::this_thread::sleep_for(5ms);
        }
        cancel.cancel();
        runner.join();
        QVERIFY(seen);
        QVERIFY(*result);
    }

    void cancellingReturnsPromptlyWithAPartialResult()
    {
        auto p = parametersFor(LockAlgorithm::Token, "cancel");
        p.clients = 4;
        p.hold = 200ms; // clients are inside long holds and long waits when the stop comes
        p.duration = 60000ms;
        p.progressInterval = 50ms;
        CancellationToken cancel;
        std::atomic<int> progressCalls {0};
        StressEngine engine(p);
        std::optional<Result<StressResult>> result;
        std::chrono::steady_clock::time_point returned;
        std::thread runner([&] {
            result.emplace(engine.run(&cancel, [&](const StressProgress& progress) {
                if (progress.acquisitions > 0)
                    ++progressCalls;
            }));
            returned = std::chrono::steady_clock::now();
        });
        QTRY_VERIFY_WITH_TIMEOUT(progressCalls > 0, 10000);
        const auto cancelled = std::chrono::steady_clock::now();
        cancel.cancel();
        runner.join();
        QVERIFY(*result);
        QVERIFY((*result)->stoppedEarly);
        QVERIFY((*result)->acquisitions > 0);
        QVERIFY((*result)->elapsedSeconds < 30);
        // Promptly: far below the 60 s duration (generous for a loaded machine).
        QVERIFY(returned - cancelled < 5s);
    }

    void sharedHoldsAreNotJudgedAsViolations()
    {
        // Read locks and multi-permit semaphores overlap by design; exclusive kinds are judged.
        StressParameters p;
        for (LockAlgorithm kind : {LockAlgorithm::Legacy, LockAlgorithm::Naive, LockAlgorithm::Token,
                 LockAlgorithm::Reentrant, LockAlgorithm::Fair, LockAlgorithm::Write, LockAlgorithm::Redlock,
                 LockAlgorithm::Semaphore}) {
            p.kind = kind;
            QVERIFY2(p.exclusiveKind(), lockAlgorithmName(kind).data());
        }
        p.kind = LockAlgorithm::Read;
        QVERIFY(!p.exclusiveKind());
        p.kind = LockAlgorithm::Semaphore;
        p.permits = 3;
        QVERIFY(!p.exclusiveKind());
    }

    void rejectsNonsenseParameters()
    {
        auto p = parametersFor(LockAlgorithm::Token, "bad");
        p.clients = 0;
        QCOMPARE(StressEngine(p).run().error().kind, ErrorKind::Usage);
        p = parametersFor(LockAlgorithm::Token, "bad");
        p.clients = 100;
        p.locks = 100;
        QCOMPARE(StressEngine(p).run().error().kind, ErrorKind::Usage);
    }

    void anUnreachableServerIsAnErrorBeforeTheRun()
    {
        auto p = parametersFor(LockAlgorithm::Token, "unreachable");
        p.connection.port = 1; // nothing listens there
        auto result = StressEngine(p).run();
        QVERIFY(!result);
        QCOMPARE(result.error().kind, ErrorKind::ConnectionRefused);
    }
};

QTEST_GUILESS_MAIN(tst_StressEngine)
#include "tst_StressEngine.moc"
