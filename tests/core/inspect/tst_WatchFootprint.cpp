// What watching costs the server it watches: unrelated writes cost no command, a new lock under a
// plain name is still seen, a watcher that falls behind re-lists instead of queueing, and the
// notification classes it turns on are the ones it reads. Counts, never times (bench_Footprint
// measures the times).
#include "inspect/LockInspector.h"
#include "inspect/LockNaming.h"
#include "inspect/recognizers/RecognizerCatalog.h"
#include "inspect/watch/KeyspaceEvents.h"
#include "inspect/watch/LockWatcher.h"
#include "inspect/watch/NotificationClasses.h"
#include "inspect/watch/NotificationTriage.h"
#include "inspect/watch/UnknownKeyGate.h"
#include "support/LockFormatRows.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include "common/CancellationToken.h"
#include "common/WallClock.h"

#include <QtTest>

#include <atomic>
#include <charconv>
#include <map>
#include <mutex>
#include <thread>

using namespace lockscope;
using test::LockFormats;

namespace {

// Calls of every command (INFO commandstats), by name.
std::map<std::string, long long> commandCalls(RedisConnection& connection)
{
    std::map<std::string, long long> calls;
    auto stats = connection.command({"INFO", "commandstats"});
    if (!stats || !stats->isString())
        return calls;
    const std::string& text = stats->text();
    size_t at = 0;
    while ((at = text.find("cmdstat_", at)) != std::string::npos) {
        const size_t colon = text.find(':', at);
        const size_t value = text.find("calls=", colon);
        if (colon == std::string::npos || value == std::string::npos)
            break;
        long long n = 0;
        std::from_chars(text.data() + value + 6, text.data() + text.size(), n);
        calls[text.substr(at + 8, colon - at - 8)] = n;
        at = value;
    }
    return calls;
}

// A watcher running on its own thread until stopped, with what it reported.
class RunningWatcher
{
public:
    RunningWatcher(RedisServerProcess& server, WatchOptions options)
        : m_reader(test::connectTo(server))
        , m_subscriber(test::connectTo(server))
        , m_watcher({{"n", m_reader.get(), m_subscriber.get()}}, std::move(options))
    {
        m_watcher.setGapHandler([this](long long, long long, const std::string& reason) {
            std::lock_guard guard(m_mutex);
            m_gaps.push_back(reason);
        });
    }
    ~RunningWatcher() { stop(); }

    LockWatcher& watcher() { return m_watcher; }
    void run()
    {
        m_thread = std::thread([this] {
            (void)m_watcher.run(m_cancel, [this](const LockEvent& event) {
                std::lock_guard guard(m_mutex);
                if (event.type == LockEvent::Type::Appeared)
                    m_appeared.push_back(event.lock->name);
            });
        });
    }
    void stop()
    {
        m_cancel.cancel();
        if (m_thread.joinable())
            m_thread.join();
    }
    // Waits (up to 20 s, so that a failure does not hang) until `name` was reported appearing.
    bool waitForAppeared(const std::string& name)
    {
        for (int i = 0; i < 2000; ++i) {
            {
                std::lock_guard guard(m_mutex);
                if (std::find(m_appeared.begin(), m_appeared.end(), name) != m_appeared.end())
                    return true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }
    std::vector<std::string> gaps()
    {
        std::lock_guard guard(m_mutex);
        return m_gaps;
    }

private:
    std::unique_ptr<RedisConnection> m_reader;
    std::unique_ptr<RedisConnection> m_subscriber;
    LockWatcher m_watcher;
    CancellationToken m_cancel;
    std::thread m_thread;
    std::mutex m_mutex;
    std::vector<std::string> m_appeared;
    std::vector<std::string> m_gaps;
};

bool listed(const LockWatcher& watcher, const std::string& name)
{
    for (const auto& lock : watcher.locks()) {
        if (lock->name == name)
            return true;
    }
    return false;
}

} // namespace

class tst_WatchFootprint : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(run({"FLUSHALL"}));
        QVERIFY(run({"CONFIG", "SET", "notify-keyspace-events", "KEA"}));
    }

    void unrelatedWritesAreIgnoredWhileLockNamesAndTtlsAreNot()
    {
        NotificationTriage triage;
        const auto written = KeyspaceEvents::of("set");
        QCOMPARE(triage.judge("user:session:1", written), NotificationTriage::Verdict::Ignore);
        QCOMPARE(
            triage.judge("cache:item:42", KeyspaceEvents::of("hset")), NotificationTriage::Verdict::Ignore);
        QCOMPARE(triage.judge("lock:orders", written), NotificationTriage::Verdict::Candidate);
        QCOMPARE(triage.judge("redisson_lock_queue:{orders}", KeyspaceEvents::of("rpush")),
            NotificationTriage::Verdict::Candidate);
        QCOMPARE(triage.judge("orders:export", KeyspaceEvents::of("expire")),
            NotificationTriage::Verdict::TtlOnly);
        // A known lock under a plain name: its release must reach the watcher.
        triage.know("orders:export");
        QCOMPARE(
            triage.judge("orders:export", KeyspaceEvents::of("del")), NotificationTriage::Verdict::Candidate);
        triage.forget("orders:export");
        QCOMPARE(
            triage.judge("orders:export", KeyspaceEvents::of("del")), NotificationTriage::Verdict::Ignore);
        // The user's own lock patterns claim names too.
        NotificationTriage withPatterns({"jobs:guard:*"});
        QCOMPARE(withPatterns.judge("jobs:guard:7", written), NotificationTriage::Verdict::Candidate);
    }

    void everyFormatsKeysAreClaimedAlikeWhateverTheirDigits_data() { test::addLockFormatRows(); }

    void everyFormatsKeysAreClaimedAlikeWhateverTheirDigits()
    {
        // The triage files the catalogue's answer by the key's shape (digit runs as '#'): every
        // key of every format, under a name with digits and one without, must be claimed as its
        // shape is, or a lock's change would be judged by another key's answer.
        QFETCH(int, sample);
        const test::LockFormatSample format = LockFormats::samples().at(size_t(sample));
        if (format.recognizer == "portalocker")
            QSKIP("no key");
        for (const std::string& name :
            {format.lockName, format.lockName + "-2042", "job:17:" + format.lockName}) {
            QVERIFY(run({"FLUSHALL"}));
            QVERIFY(format.write(*m_redis, name).ok());
            InspectOptions options;
            options.lockPatterns = format.lockPatterns;
            auto listed = LockInspector::inspect({{"n", m_redis.get(), {}}}, options);
            for (const auto& lock : listed.locks) {
                for (const auto& key : lock.keys) {
                    std::string shape;
                    NotificationTriage::shapeOf(key, shape);
                    QVERIFY2(RecognizerCatalog::claimsName(key) == RecognizerCatalog::claimsName(shape),
                        (key + " / " + shape).c_str());
                }
            }
        }
    }

    void aKeyFoundToBeNoLockIsReadAgainOnlyAfterItsWindow()
    {
        UnknownKeyGate gate({1000, 2, 100, 100});
        QCOMPARE(gate.admit("cache:1", false, 10000), UnknownKeyGate::Decision::Read);
        gate.foundNoLock("cache:1", 10000);
        QCOMPARE(gate.admit("cache:1", false, 10200), UnknownKeyGate::Decision::Deferred);
        QVERIFY(gate.due(10500).empty());
        const auto due = gate.due(11000);
        QCOMPARE(due.size(), size_t(1));
        QCOMPARE(due.front().first, std::string("cache:1"));
        // The budget (2 a second here) is spent: a third plain key in that second is skipped.
        QCOMPARE(gate.admit("cache:2", false, 11000), UnknownKeyGate::Decision::Read);
        QCOMPARE(gate.admit("cache:3", false, 11000), UnknownKeyGate::Decision::Skipped);
        // Names a format claims are not under the budget.
        QCOMPARE(gate.admit("lock:4", true, 11000), UnknownKeyGate::Decision::Read);
        QCOMPARE(gate.skipped(), 1LL);
    }

    void twentyThousandUnrelatedWritesCostFewerThan200Commands()
    {
        // A busy cache's writes (no TTL, names no lock library uses), and among them a token
        // lock under an ordinary name as redis-py writes it (SET NX PX with a uuid1 token).
        RunningWatcher watching(*m_server, WatchOptions {});
        QVERIFY(watching.watcher().start().ok());
        watching.run();
        const auto before = commandCalls(*m_redis);
        const std::string lockName = "orders:nightly-export";
        std::vector<RedisCommand> writes;
        for (int i = 0; i < 20000; ++i) {
            writes.push_back({"SET", "user:session:" + std::to_string(i), LockFormats::randomAlnum(16)});
            if (i == 10000)
                writes.push_back(
                    {"SET", lockName, LockNaming::uuid1Hex(epochMillisNow()), "NX", "PX", "60000"});
            if (writes.size() == 1000) {
                QVERIFY(m_redis->pipeline(writes).ok());
                writes.clear();
            }
        }
        QVERIFY(m_redis->pipeline(writes).ok());
        QVERIFY(watching.waitForAppeared(lockName));
        // The end of the writes: a lock under a lock's name, seen after all of the above.
        QVERIFY(run({"SET", "lock:footprint:end", LockFormats::randomHex(32), "PX", "60000"}));
        QVERIFY(watching.waitForAppeared("lock:footprint:end"));
        const auto after = commandCalls(*m_redis);
        watching.stop();
        long long watcherCommands = 0;
        for (const auto& [name, calls] : after) {
            if (name == "set" || name == "info")
                continue;
            watcherCommands += calls - (before.count(name) ? before.at(name) : 0);
        }
        QVERIFY2(watcherCommands < 200, ("commands: " + std::to_string(watcherCommands)).c_str());
        QVERIFY(listed(watching.watcher(), lockName));
        QVERIFY(watching.watcher().stats().ignored >= 20000);
    }

    void aWatcherPastItsBudgetReListsInsteadOfQueueing()
    {
        // Ten keys pending at most: a hundred locks written at once put the watcher past that
        // while it does not read yet; it drops them, counts them and lists the locks again.
        WatchOptions options;
        options.drainLimits.pendingKeys = 10;
        RunningWatcher watching(*m_server, options);
        QVERIFY(watching.watcher().start().ok());
        std::vector<RedisCommand> sets;
        for (int i = 0; i < 100; ++i)
            sets.push_back(
                {"SET", "lock:burst:" + std::to_string(i), LockFormats::randomHex(32), "PX", "60000"});
        QVERIFY(m_redis->pipeline(sets).ok());
        std::this_thread::sleep_for(std::chrono::milliseconds(300)); // taken off the socket meanwhile
        watching.run();
        QVERIFY(watching.waitForAppeared("lock:burst:99"));
        QVERIFY(run({"SET", "lock:burst:end", LockFormats::randomHex(32), "PX", "60000"}));
        QVERIFY(watching.waitForAppeared("lock:burst:end"));
        watching.stop();
        const WatchStats stats = watching.watcher().stats();
        QVERIFY(stats.relistings >= 1);
        QVERIFY(stats.skipped > 0);
        QVERIFY(!watching.gaps().empty());
        QVERIFY(QString::fromStdString(watching.gaps().front()).contains("faster than they could be read"));
        for (int i = 0; i < 100; ++i)
            QVERIFY(listed(watching.watcher(), "lock:burst:" + std::to_string(i)));
        // The subscription was never cut: it is the one it started with.
        QCOMPARE(stats.relistings, static_cast<long long>(watching.gaps().size()));
    }

    void aSubscriptionCutForItsOutputBufferIsMadeAgainWithTheReasonSaid()
    {
        // One script writing 2,000 keys raises more notifications in one go than the server's
        // pub/sub output limit (set tiny here) lets a subscriber have pending: the server cuts
        // the subscription whatever the watcher does. The watcher subscribes again, re-lists,
        // and the gap names the limit where the server counts such cuts (Redis 7.2+, Valkey).
        auto stats = m_redis->command({"INFO", "stats"});
        QVERIFY(stats.ok());
        const bool counted
            = stats->text().find("client_output_buffer_limit_disconnections") != std::string::npos;
        auto limit = m_redis->command({"CONFIG", "GET", "client-output-buffer-limit"});
        QVERIFY(limit.ok());
        const std::string before = limit->at(1).text();
        RunningWatcher watching(*m_server, WatchOptions {});
        QVERIFY(watching.watcher().start().ok());
        watching.run();
        QVERIFY(run({"CONFIG", "SET", "client-output-buffer-limit", "pubsub 1kb 1kb 0"}));
        QVERIFY(run({"EVAL", "for i = 1, 2000 do redis.call('set', 'cache:flood:' .. i, i) end", "0"}));
        QVERIFY(run({"CONFIG", "SET", "client-output-buffer-limit", before}));
        QVERIFY(run({"SET", "lock:after-the-cut", LockFormats::randomHex(32), "PX", "60000"}));
        QVERIFY(watching.waitForAppeared("lock:after-the-cut"));
        watching.stop();
        const auto gaps = watching.gaps();
        QVERIFY(!gaps.empty());
        QVERIFY2(QString::fromStdString(gaps.front()).contains("was made again"), gaps.front().c_str());
        if (counted)
            QVERIFY2(QString::fromStdString(gaps.front()).contains("client-output-buffer-limit pubsub"),
                gaps.front().c_str());
        QVERIFY(watching.watcher().stats().relistings >= 1);
    }

    void enablingNotificationsAddsOnlyTheClassesTheWatcherReads()
    {
        // Another client reads keyevent expiries ("Ex"): kept; LockScope adds its own, not KEA.
        QVERIFY(run({"CONFIG", "SET", "notify-keyspace-events", "Ex"}));
        WatchOptions options;
        options.enableNotifications = true;
        RunningWatcher watching(*m_server, options);
        QVERIFY(watching.watcher().start().ok());
        QVERIFY(watching.watcher().usesNotifications());
        auto flags = m_redis->command({"CONFIG", "GET", "notify-keyspace-events"});
        QVERIFY(flags.ok());
        const std::string now = flags->at(1).text();
        QVERIFY2(NotificationClasses::missing(now).empty(), now.c_str());
        QVERIFY2(now.find('E') != std::string::npos, now.c_str());
        QCOMPARE(NotificationClasses::unneeded(now), std::string("E"));
    }

    void theClassesOfASettingAreSpelledOut()
    {
        QCOMPARE(NotificationClasses::missing("KEA"), std::string());
        QCOMPARE(NotificationClasses::missing("Kx"), std::string("g$hlz"));
        QCOMPARE(NotificationClasses::missing(""), std::string("Kg$hlzx"));
        QCOMPARE(NotificationClasses::unneeded("KEA"), std::string("Esetd"));
        QCOMPARE(NotificationClasses::unneeded("Kg$hlzx"), std::string());
    }
};

QTEST_GUILESS_MAIN(tst_WatchFootprint)
#include "tst_WatchFootprint.moc"
