#include "inspect/ServerClock.h"
#include "support/CommandStats.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"

#include <QtTest>

#include <chrono>
#include <cstdlib>
#include <thread>

using namespace lockscope;

class tst_ServerClock : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void readsTheServersTimeOncePerMaxAgeAndCarriesItForwardMeanwhile()
    {
        ServerClock clock(std::chrono::seconds(60));
        QVERIFY(run({"CONFIG", "RESETSTAT"}));
        auto first = clock.nowMs(*m_redis);
        QVERIFY(first.ok());
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        auto second = clock.nowMs(*m_redis);
        QVERIFY(second.ok());
        QCOMPARE(test::commandCalls(*m_redis, "time"), 1LL);
        QVERIFY2(*second - *first >= 20, std::to_string(*second - *first).c_str());
        // Still the server's clock: within a second of what TIME says now.
        const long long server = test::LockFormats::serverNowMs(*m_redis);
        QVERIFY2(std::llabs(server - *second) < 1000, std::to_string(server - *second).c_str());
    }

    void aMaxAgeOfZeroReadsTheTimeOnEveryCall()
    {
        ServerClock clock(std::chrono::milliseconds(0));
        QVERIFY(run({"CONFIG", "RESETSTAT"}));
        QVERIFY(clock.nowMs(*m_redis).ok());
        QVERIFY(clock.nowMs(*m_redis).ok());
        QCOMPARE(test::commandCalls(*m_redis, "time"), 2LL);
    }
};

QTEST_GUILESS_MAIN(tst_ServerClock)
#include "tst_ServerClock.moc"
