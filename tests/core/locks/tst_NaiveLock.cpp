#include "locks/LockFactory.h"
#include "locks/MutualExclusionChecker.h"
#include "locks/NaiveLock.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <barrier>
#include <fstream>
#include <mutex>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

using test::epochMillis;

namespace {
long long steadyNanos()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
} // namespace

class tst_NaiveLock : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void isLabelledUnsafeAndIsNeverTheDefault()
    {
        const auto* info = LockFactory::find("naive");
        QVERIFY(info);
        QVERIFY(info->unsafe);
        QVERIFY(info->description.english().find("UNSAFE") != std::string::npos);
        QVERIFY(LockFactory::defaultKind != LockAlgorithm::Naive);
    }

    void excludesWhileTheHolderIsAlive()
    {
        NaiveLock first(connection(), "naive-alive");
        NaiveLock second(connection(), "naive-alive");
        AcquireOptions once;
        once.wait = 0ms;
        QVERIFY(first.acquire(once)->acquired());
        QCOMPARE(second.acquire(once)->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(*first.release(), HoldOutcome::Done);
        QVERIFY(second.acquire(once)->acquired());
    }

    void theC1C2C3RaceGivesTwoHoldersAndTheCheckerCatchesIt()
    {
        // C3 crashed holding the lock: its timestamp has passed.
        const std::string name = "naive-race";
        QVERIFY(m_redis->command({"SET", name, std::to_string(epochMillis() - 1000)}));

        // Both read the expired timestamp before either deletes; then C1 deletes and sets, and
        // only after C1 holds does C2 delete (C1's fresh lock) and set.
        std::barrier bothSawExpiry(2);
        std::mutex mutex;
        std::condition_variable c1Holds;
        bool c1Acquired = false;

        NaiveLock::Options c1Options;
        c1Options.beforeDelete = [&] { bothSawExpiry.arrive_and_wait(); };
        NaiveLock::Options c2Options;
        c2Options.beforeDelete = [&] {
            bothSawExpiry.arrive_and_wait();
            std::unique_lock guard(mutex);
            c1Holds.wait_for(guard, 10s, [&] { return c1Acquired; });
        };
        NaiveLock c1(connection(), name, c1Options);
        NaiveLock c2(connection(), name, c2Options);

        const QString history = QDir(m_server->workDir().c_str()).filePath("naive-history.txt");
        std::mutex historyMutex;
        auto append = [&](const std::string& line) {
            std::lock_guard guard(historyMutex);
            std::ofstream(history.toStdString(), std::ios::app) << line << "\n";
        };
        auto criticalSection = [&](NaiveLock& lock, const std::string& holder, bool isC1) {
            AcquireOptions options;
            options.lease = 30000ms;
            options.wait = 5000ms;
            auto result = lock.acquire(options);
            if (isC1) {
                std::lock_guard guard(mutex);
                c1Acquired = true;
                c1Holds.notify_all();
            }
            if (!result || !result->acquired())
                return false;
            append("start " + holder + " - " + std::to_string(steadyNanos()));
            std::this_thread::sleep_for(200ms);
            append("end " + holder + " - " + std::to_string(steadyNanos()));
            return true;
        };
        bool c1Held = false;
        bool c2Held = false;
        std::thread t1([&] { c1Held = criticalSection(c1, "C1", true); });
        std::thread t2([&] { c2Held = criticalSection(c2, "C2", false); });
        t1.join();
        t2.join();
        QVERIFY(c1Held);
        QVERIFY(c2Held);

        MutualExclusionChecker checker;
        QVERIFY(checker.readHistory(history.toStdString()));
        const auto report = checker.check();
        QCOMPARE(report.sections, size_t(2));
        QVERIFY2(!report.exclusive(), report.summary().c_str());
        QCOMPARE(report.overlaps.size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(tst_NaiveLock)
#include "tst_NaiveLock.moc"
