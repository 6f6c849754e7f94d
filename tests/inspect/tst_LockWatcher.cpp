#include "inspect/LockWatcher.h"
#include "locks/DistributedLock.h"
#include "support/LockFormats.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <mutex>
#include <thread>

using namespace lockscope;
using test::LockFormats;

namespace {
const std::string clientA = "8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b";

// Runs a watcher on its own thread and records its events.
class WatchSession
{
public:
    WatchSession(RedisServerProcess& server, WatchOptions options)
    {
        m_connection = test::connectTo(server);
        m_subscriber = test::connectTo(server);
        m_watcher = std::make_unique<LockWatcher>(
            std::vector<WatchTarget> {{"n", m_connection.get(), m_subscriber.get()}}, options);
    }
    ~WatchSession() { stop(); }

    Result<std::string> start()
    {
        auto started = m_watcher->start();
        if (started)
            m_thread = std::thread([this] {
                auto ran = m_watcher->run(m_cancel, [this](const LockEvent& event) {
                    std::lock_guard lock(m_mutex);
                    m_events.push_back(event);
                });
                if (!ran)
                    qWarning("watcher stopped: %s", ran.error().toString().c_str());
            });
        return started;
    }
    void stop()
    {
        m_cancel.cancel();
        if (m_thread.joinable())
            m_thread.join();
    }
    // The first event of `type` for lock `name`, if any yet.
    std::optional<LockEvent> find(LockEvent::Type type, const std::string& name)
    {
        std::lock_guard lock(m_mutex);
        for (const auto& event : m_events) {
            if (event.type == type && event.lock.name == name)
                return event;
        }
        return std::nullopt;
    }
    size_t count(LockEvent::Type type, const std::string& name)
    {
        std::lock_guard lock(m_mutex);
        size_t n = 0;
        for (const auto& event : m_events)
            n += event.type == type && event.lock.name == name ? 1 : 0;
        return n;
    }

private:
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<RedisConnection> m_subscriber;
    std::unique_ptr<LockWatcher> m_watcher;
    CancellationToken m_cancel;
    std::thread m_thread;
    std::mutex m_mutex;
    std::vector<LockEvent> m_events;
};

} // namespace

class tst_LockWatcher : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(run({"FLUSHALL"}));
        QVERIFY(run({"CONFIG", "SET", "notify-keyspace-events", "KEA"}));
    }

    void notificationsReportAppearingChangingExpiringAndDeletedLocks()
    {
        WatchSession session(*m_server, {});
        auto started = session.start();
        QVERIFY(started.ok());
        QVERIFY(QString::fromStdString(*started).contains("keyspace notifications"));

        long long at = test::epochMillis();
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", clientA, 1, 30000).ok());
        QTRY_VERIFY_WITH_TIMEOUT(session.find(LockEvent::Type::Appeared, "orders").has_value(), 5000);
        qInfo("appeared after %lld ms", session.find(LockEvent::Type::Appeared, "orders")->atMs - at);

        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", clientA, 1, 30000).ok());
        QTRY_VERIFY_WITH_TIMEOUT(session.find(LockEvent::Type::Changed, "orders").has_value(), 5000);
        QCOMPARE(session.find(LockEvent::Type::Changed, "orders")->lock.holders[0].count, 2LL);

        QVERIFY(run({"SET", "locks:short", LockFormats::randomAlnum(20), "PX", "150"}));
        QTRY_VERIFY_WITH_TIMEOUT(session.find(LockEvent::Type::Appeared, "locks:short").has_value(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(session.find(LockEvent::Type::Expired, "locks:short").has_value(), 5000);

        at = test::epochMillis();
        QVERIFY(run({"DEL", "orders"}));
        QTRY_VERIFY_WITH_TIMEOUT(session.find(LockEvent::Type::Released, "orders").has_value(), 5000);
        qInfo("released after %lld ms", session.find(LockEvent::Type::Released, "orders")->atMs - at);
    }

    void waitersJoiningAFairQueueAreAChange()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "fair", clientA, 1, 30000).ok());
        WatchSession session(*m_server, {});
        QVERIFY(session.start().ok());
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(run({"RPUSH", "redisson_lock_queue:{fair}", clientA + ":2"}));
        QVERIFY(run({"ZADD", "redisson_lock_timeout:{fair}", std::to_string(now + 30000), clientA + ":2"}));
        QTRY_VERIFY_WITH_TIMEOUT(session.find(LockEvent::Type::Changed, "fair").has_value(), 5000);
        QCOMPARE(session.find(LockEvent::Type::Appeared, "fair").has_value(), false); // known at start
    }

    void pollsWhenNotificationsAreOffAndSaysSo()
    {
        QVERIFY(run({"CONFIG", "SET", "notify-keyspace-events", ""}));
        WatchOptions options;
        options.pollInterval = std::chrono::milliseconds(100);
        WatchSession session(*m_server, options);
        auto started = session.start();
        QVERIFY(started.ok());
        QVERIFY2(QString::fromStdString(*started).contains("polling every 100 ms"), started->c_str());
        QVERIFY(run({"SET", "mutex:poll", LockFormats::uuidV4(), "PX", "60000"}));
        QTRY_VERIFY_WITH_TIMEOUT(session.find(LockEvent::Type::Appeared, "mutex:poll").has_value(), 5000);
        QVERIFY(run({"DEL", "mutex:poll"}));
        QTRY_VERIFY_WITH_TIMEOUT(session.find(LockEvent::Type::Released, "mutex:poll").has_value(), 5000);
    }

    void enablesNotificationsWhenAskedTo()
    {
        QVERIFY(run({"CONFIG", "SET", "notify-keyspace-events", ""}));
        WatchOptions options;
        options.enableNotifications = true;
        WatchSession session(*m_server, options);
        auto started = session.start();
        QVERIFY(started.ok());
        QVERIFY(QString::fromStdString(*started).contains("keyspace notifications"));
        auto flags = m_redis->command({"CONFIG", "GET", "notify-keyspace-events"});
        QVERIFY(LockWatcher::notificationsSuffice(flags->at(1).text()));
    }

    void resynchronisesAfterTheSubscriptionBreaks()
    {
        WatchSession session(*m_server, {});
        QVERIFY(session.start().ok());
        QVERIFY(run({"CLIENT", "KILL", "TYPE", "pubsub"}));
        QVERIFY(LockFormats::redissonLock(*m_redis, "after-break", clientA, 1, 30000).ok());
        QTRY_VERIFY_WITH_TIMEOUT(session.find(LockEvent::Type::Appeared, "after-break").has_value(), 10000);
        QCOMPARE(session.count(LockEvent::Type::Appeared, "after-break"), size_t(1));
    }

    void keysMapToTheirLock()
    {
        QCOMPARE(LockWatcher::lockNameForKey("redisson_lock_queue:{a}"), std::string("a"));
        QCOMPARE(LockWatcher::lockNameForKey("lockscope:waiters:{a}"), std::string("a"));
        QCOMPARE(LockWatcher::lockNameForKey("{a}:" + clientA + ":1:rwlock_timeout:2"), std::string("a"));
        QCOMPARE(LockWatcher::lockNameForKey("{a}:timeout"), std::string("a"));
        QCOMPARE(LockWatcher::lockNameForKey("SEMAPHORE:a:GRABBED"), std::string("a"));
        QCOMPARE(LockWatcher::lockNameForKey("semaphore:a"), std::string("a"));
        QCOMPARE(LockWatcher::lockNameForKey("plain"), std::string("plain"));
    }
};

QTEST_GUILESS_MAIN(tst_LockWatcher)
#include "tst_LockWatcher.moc"
