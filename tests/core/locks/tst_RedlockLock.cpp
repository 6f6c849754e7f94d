#include "locks/RedlockLock.h"
#include "locks/primitives/FencingCounter.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestServer.h"

#include <QtTest>

using namespace lockscope;
using namespace std::chrono_literals;

using test::waitUpTo;

class tst_RedlockLock : public QObject
{
    Q_OBJECT
    std::vector<std::unique_ptr<RedisServerProcess>> m_servers;
    int m_counter = 0;

    std::vector<ConnectionOptions> nodes()
    {
        std::vector<ConnectionOptions> list;
        for (auto& server : m_servers)
            list.push_back(test::optionsFor(*server));
        return list;
    }
    std::string freshName() { return "redlock-test-" + std::to_string(++m_counter); }
    std::string getOn(size_t node, const std::string& key)
    {
        auto admin = test::connectTo(*m_servers[node]);
        if (!admin)
            return "<unreachable>";
        auto reply = admin->command({"GET", key});
        return reply && reply->isString() ? reply->text() : std::string("<nil>");
    }
    void setOn(size_t node, const std::string& key, const std::string& value)
    {
        auto admin = test::connectTo(*m_servers[node]);
        QVERIFY(admin);
        QVERIFY(admin->command({"SET", key, value}));
    }
    void bringAllNodesBack()
    {
        for (auto& server : m_servers) {
            if (!server->isRunning())
                QVERIFY(server->restart());
        }
    }

private slots:
    void initTestCase()
    {
        for (int i = 0; i < 5; ++i) {
            m_servers.push_back(test::startServer());
            QVERIFY(m_servers.back());
        }
    }

    void cleanup() { bringAllNodesBack(); }

    void holdsTheSameTokenOnEveryNode()
    {
        const auto name = freshName();
        RedlockLock lock(nodes(), name);
        QCOMPARE(lock.quorum(), size_t(3));
        auto result = lock.acquire(waitUpTo(0ms, 10000ms));
        QVERIFY(result && result->acquired());
        for (size_t i = 0; i < m_servers.size(); ++i)
            QCOMPARE(getOn(i, name), lock.holderId());
        QVERIFY(lock.validUntil().has_value());
        QVERIFY(*lock.validUntil() <= std::chrono::steady_clock::now() + 10000ms - 102ms);
        QVERIFY(*lock.isHeld());
        QCOMPARE(*lock.release(), HoldOutcome::Done);
        for (size_t i = 0; i < m_servers.size(); ++i)
            QCOMPARE(getOn(i, name), std::string("<nil>"));
    }

    void aSecondClientIsRefusedWhileTheFirstHolds()
    {
        const auto name = freshName();
        RedlockLock first(nodes(), name);
        RedlockLock second(nodes(), name);
        QVERIFY(first.acquire(waitUpTo(0ms))->acquired());
        auto refused = second.acquire(waitUpTo(500ms));
        QVERIFY(refused);
        QCOMPARE(refused->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(*first.release(), HoldOutcome::Done);
        QVERIFY(second.acquire(waitUpTo(2000ms))->acquired());
    }

    void worksWithTwoOfFiveNodesDown()
    {
        m_servers[1]->stop();
        m_servers[3]->stop();
        const auto name = freshName();
        RedlockLock lock(nodes(), name);
        auto result = lock.acquire(waitUpTo(0ms));
        QVERIFY2(result, result ? "" : result.error().toString().c_str());
        QVERIFY(result->acquired());
        QCOMPARE(*lock.extend(20000ms), HoldOutcome::Done);
        QCOMPARE(*lock.release(), HoldOutcome::Done);
    }

    void refusesWithThreeOfFiveNodesDown()
    {
        m_servers[0]->stop();
        m_servers[2]->stop();
        m_servers[4]->stop();
        const auto name = freshName();
        RedlockLock lock(nodes(), name);
        auto result = lock.acquire(waitUpTo(600ms));
        QVERIFY(!result);
        QCOMPARE(result.error().kind, ErrorKind::ConnectionRefused);
        QVERIFY2(
            result.error().message.find("quorum is 3") != std::string::npos, result.error().message.c_str());
        // What the living nodes granted was given back.
        QCOMPARE(getOn(1, name), std::string("<nil>"));
        QCOMPARE(getOn(3, name), std::string("<nil>"));
    }

    void aFailedAttemptReleasesWhatItGotEverywhere()
    {
        const auto name = freshName();
        for (size_t i : {0, 1, 2})
            setOn(i, name, "0123456789abcdef0123456789abcdef"); // node-redlock holds a majority
        RedlockLock lock(nodes(), name);
        auto result = lock.acquire(waitUpTo(0ms));
        QVERIFY(result);
        QCOMPARE(result->outcome, AcquireOutcome::TimedOut);
        QCOMPARE(getOn(3, name), std::string("<nil>"));
        QCOMPARE(getOn(4, name), std::string("<nil>"));
        QCOMPARE(getOn(0, name), std::string("0123456789abcdef0123456789abcdef"));
    }

    void fencesStrictlyIncreaseEvenWhenNodeCountersDiffer()
    {
        const auto name = freshName();
        setOn(0, FencingCounter::keyFor(name), "100"); // counters drift apart in failed attempts
        RedlockLock first(nodes(), name);
        auto a = first.acquire(waitUpTo(0ms));
        QVERIFY(a && a->acquired());
        QCOMPARE(*a->fence, 101LL);
        QCOMPARE(*first.release(), HoldOutcome::Done);

        m_servers[0]->stop(); // the node with the high counter is gone for the next holder
        RedlockLock second(nodes(), name);
        auto b = second.acquire(waitUpTo(0ms));
        QVERIFY(b && b->acquired());
        QVERIFY2(*b->fence > *a->fence, std::to_string(*b->fence).c_str());
        QCOMPARE(*second.release(), HoldOutcome::Done);
    }

    void aHoldWhoseKeysVanishedIsLost()
    {
        const auto name = freshName();
        RedlockLock lock(nodes(), name);
        QVERIFY(lock.acquire(waitUpTo(0ms))->acquired());
        for (size_t i : {0, 1, 2}) {
            auto admin = test::connectTo(*m_servers[i]);
            QVERIFY(admin->command({"DEL", name}));
        }
        QVERIFY(!*lock.isHeld());
        QCOMPARE(*lock.extend(10000ms), HoldOutcome::Lost);
        QCOMPARE(getOn(3, name), std::string("<nil>")); // the rest was given back
    }
};

QTEST_GUILESS_MAIN(tst_RedlockLock)
#include "tst_RedlockLock.moc"
