#include "locks/lease/ExpiryClock.h"
#include "locks/waiting/PollingWait.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

class tst_PollingWait : public test::RedisTestCase
{
    Q_OBJECT
    // The connection the waits under test use (m_redis checks what they left in Redis).
    std::unique_ptr<RedisConnection> m_connection;

    long long waitersOf(const std::string& name)
    {
        auto count = m_redis->command({"ZCARD", WaiterRegistry::keyFor(name)});
        return count ? count->integer() : -1;
    }

    void initSuite() override
    {
        m_connection = test::connectTo(*m_server);
        QVERIFY(m_connection);
    }

private slots:
    void aZeroWaitTriesOnceAndNeverRegisters()
    {
        WaiterRegistry registration(*m_connection, "pw-once", "me");
        int attempts = 0;
        AcquireOptions options;
        options.wait = 0ms;
        auto result = PollingWait::run(
            options,
            [&]() -> Result<bool> {
                ++attempts;
                return false;
            },
            {&registration}, nullptr);
        QVERIFY(result);
        QCOMPARE(result->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(attempts, 1);
        QVERIFY(!registration.isRegistered());
        QCOMPARE(waitersOf("pw-once"), 0LL);
    }

    void retriesUntilAcquiredAndIsRegisteredMeanwhile()
    {
        WaiterRegistry registration(*m_connection, "pw-retry", "me");
        int attempts = 0;
        long long seenWaiting = 0;
        AcquireOptions options;
        options.wait = std::nullopt;
        auto result = PollingWait::run(
            options,
            [&]() -> Result<bool> {
                if (++attempts == 3)
                    seenWaiting = waitersOf("pw-retry");
                return attempts == 4;
            },
            {&registration}, nullptr);
        QVERIFY(result);
        QCOMPARE(result->outcome, AcquireOutcome::Acquired);
        QCOMPARE(attempts, 4);
        QCOMPARE(seenWaiting, 1LL);
        QCOMPARE(waitersOf("pw-retry"), 0LL);
    }

    void theWaitEndsAtItsDeadlineWithOneLastAttempt()
    {
        int attempts = 0;
        AcquireOptions options;
        options.wait = 300ms;
        const auto started = std::chrono::steady_clock::now();
        auto result = PollingWait::run(
            options,
            [&]() -> Result<bool> {
                ++attempts;
                return false;
            },
            {}, nullptr);
        QVERIFY(result);
        QCOMPARE(result->outcome, AcquireOutcome::TimedOut);
        QVERIFY(std::chrono::steady_clock::now() - started >= 300ms);
        QVERIFY(result->waited >= 300ms);
        QVERIFY(attempts >= 3);
    }

    void anErrorEndsTheWaitAndUnregisters()
    {
        WaiterRegistry registration(*m_connection, "pw-error", "me");
        int attempts = 0;
        AcquireOptions options;
        options.wait = std::nullopt;
        auto result = PollingWait::run(
            options,
            [&]() -> Result<bool> {
                if (++attempts < 3)
                    return false;
                return makeError(ErrorKind::Disconnected, "gone");
            },
            {&registration}, nullptr);
        QVERIFY(!result);
        QCOMPARE(result.error().kind, ErrorKind::Disconnected);
        QCOMPARE(waitersOf("pw-error"), 0LL);
    }

    void cancellationStopsAnEndlessWaitQuickly()
    {
        CancellationToken cancel;
        AcquireOptions options;
        options.wait = std::nullopt;
        options.cancel = &cancel;
        std::thread canceller([&] {
            std::this_thread::sleep_for(150ms);
            cancel.cancel();
        });
        auto result = PollingWait::run(
            options, []() -> Result<bool> { return false; }, {}, nullptr);
        canceller.join();
        QVERIFY(result);
        QCOMPARE(result->outcome, AcquireOutcome::Cancelled);
        QVERIFY(result->waited < 2s);
    }

    void expiryTimestampsAreReadInMillisecondsOrSeconds()
    {
        QCOMPARE(ExpiryClock::parseExpiry("1795239217380"), std::optional<long long>(1795239217380LL));
        QCOMPARE(ExpiryClock::parseExpiry("1795239217"), std::optional<long long>(1795239217000LL));
        QVERIFY(!ExpiryClock::parseExpiry("").has_value());
        QVERIFY(!ExpiryClock::parseExpiry("-5").has_value());
        QVERIFY(!ExpiryClock::parseExpiry("12ab").has_value());
        QVERIFY(!ExpiryClock::parseExpiry("6f1c2a7e8b3d11eea1b20242ac120002").has_value());
    }
};

QTEST_GUILESS_MAIN(tst_PollingWait)
#include "tst_PollingWait.moc"
