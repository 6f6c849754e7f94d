#include "inspect/LockInspector.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

using namespace lockscope;
using test::LockFormats;

// Ordinary data must never be listed as a lock: each test writes one kind of everyday value
// and expects an empty list.
class tst_OrdinaryData : public test::RedisTestCase
{
    Q_OBJECT

    size_t lockCount()
    {
        auto result = LockInspector::inspect({{"n", m_redis.get()}}, {});
        if (!result.failures.empty())
            return 999;
        for (const auto& lock : result.locks)
            qWarning("unexpected lock: %s (%s)", lock.name.c_str(), lock.reason.english().c_str());
        return result.locks.size();
    }

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void aUserHashIsNoLock()
    {
        QVERIFY(run({"HSET", "user:1", "name", "alice", "age", "30", "email", "a@example.com"}));
        QVERIFY(run({"HSET", "settings", "mode", "read", "theme", "dark"}));
        QVERIFY(run({"HSET", "counters", "1", "5", "2", "7"}));
        QCOMPARE(lockCount(), size_t(0));
    }

    void aHashKeyedByUuidsIsNoLock()
    {
        const std::string session = LockFormats::uuidV4();
        QVERIFY(run({"HSET", "cart:42", session + ":17", "3", session + ":18", "1"}));
        QCOMPARE(lockCount(), size_t(0));
    }

    void aJsonStringWithATtlIsNoLock()
    {
        QVERIFY(run({"SET", "cache:page:/home", R"({"title":"Home","items":[1,2,3]})", "PX", "60000"}));
        // A name that says lock would make it one (any lock-named key with a TTL is listed);
        // names that merely contain the letters do not.
        QVERIFY(run({"SET", "cache:clock-widget", R"({"enabled":true})", "PX", "60000"}));
        QVERIFY(run({"SET", "leaderboard:weekly", R"([{"user":"ann","score":90}])", "PX", "60000"}));
        QCOMPARE(lockCount(), size_t(0));
    }

    void aCounterIsNoLock()
    {
        QVERIFY(run({"SET", "visits", "42"}));
        QVERIFY(run({"INCR", "orders:count"}));
        QVERIFY(run({"SET", "lock:attempts", "3"})); // a lock-ish name holding a small number
        QCOMPARE(lockCount(), size_t(0));
    }

    void aListOfJobsIsNoLock()
    {
        QVERIFY(run({"RPUSH", "jobs", "job-1", "job-2", "job-3"}));
        QVERIFY(run({"RPUSH", "queue:emails", R"({"to":"x"})"}));
        QCOMPARE(lockCount(), size_t(0));
    }

    void aRandomValueWithoutATtlOrLockNamingIsNoLock()
    {
        QVERIFY(run({"SET", "api-key:42", LockFormats::randomAlnum(20)}));
        QVERIFY(run({"SET", "md5:file.txt", LockFormats::randomHex(32)}));
        QVERIFY(run({"SET", "user:7:id", LockFormats::uuidV4()}));
        QCOMPARE(lockCount(), size_t(0));
    }

    void aSessionTokenWithATtlIsOnlyAPossibleLock()
    {
        // A lock library's token and a session id look the same; the name and the TTL cannot
        // tell them apart, so such a key is listed in the possible tier, never as a lock.
        std::string random = LockFormats::randomHex(32);
        random[12] = 'e';
        QVERIFY(run({"SET", "session:8d1f", random, "PX", "3600000"}));
        QVERIFY(run({"SET", "csrf:abc", LockFormats::uuidV4(), "EX", "600"}));
        auto result = LockInspector::inspect({{"n", m_redis.get()}}, {});
        QCOMPARE(result.locks.size(), size_t(2));
        for (const auto& lock : result.locks) {
            QVERIFY2(lock.possible, lock.name.c_str());
            QVERIFY(lock.confidence < 0.5);
        }
    }

    void ordinaryValuesWithATtlAreNotEvenPossibleLocks()
    {
        QVERIFY(run({"SET", "cache:user:7", R"({"id":7,"name":"Ann"})", "EX", "60"}));
        QVERIFY(run({"SET", "rate:10.0.0.1", "17", "EX", "60"}));
        QVERIFY(run({"SET", "greeting", "hello world", "EX", "60"}));
        QVERIFY(run({"SET", "otp:42", "493021", "EX", "300"}));
        QVERIFY(run({"SET", "etag:/index.html", "W/\"5e15153d-120f\"", "EX", "300"}));
        QVERIFY(run({"SET", "slug:post-1", "hello-world-from-redis", "EX", "300"}));
        QVERIFY(run({"SET", "sha1:x", "da39a3ee5e6b4b0d3255bfef95601890afd80709", "EX", "300"}));
        QVERIFY(run({"HSET", "session:h:1", "user", "7", "csrf", LockFormats::uuidV4()}));
        QVERIFY(run({"EXPIRE", "session:h:1", "600"}));
        QCOMPARE(lockCount(), size_t(0));
    }

    void aTimestampWithoutLockNamingIsNoLock()
    {
        const long long nowS = LockFormats::serverNowMs(*m_redis) / 1000;
        QVERIFY(run({"SET", "user:1:last_login", std::to_string(nowS - 30)}));
        QVERIFY(run({"SET", "clock:offset", std::to_string(nowS)}));
        QVERIFY(run({"SET", "block:height", std::to_string(nowS)}));
        QCOMPARE(lockCount(), size_t(0));
    }

    void setsSortedSetsAndLatchesAreNoLocks()
    {
        QVERIFY(run({"SADD", "tags", "a", "b"}));
        QVERIFY(run({"ZADD", "leaderboard", "100", "alice", "90", "bob"}));
        QVERIFY(run({"ZADD", "semaphore:scores", "1", "not-a-uuid"}));
        QVERIFY(run({"SET", "redisson_unlock_latch:{x}:" + LockFormats::randomHex(32), "1", "PX", "5000"}));
        QVERIFY(run({"SET", "redisson_lock_token:{idle}", "7"})); // a fence counter with no lock
        QCOMPARE(lockCount(), size_t(0));
    }
    void jobQueueBookkeepingIsNoLock()
    {
        // What the job frameworks keep beside their jobs, with the TTLs they give it: process
        // heartbeats, worker hashes, queue lists, registries, results.
        const std::string id = LockFormats::uuidV4();
        const std::string process = "api-2:4242:" + LockFormats::randomHex(12);
        QVERIFY(run({"SADD", "processes", process})); // Sidekiq
        QVERIFY(run({"HSET", process, "info", R"({"hostname":"api-2","pid":4242})", "busy", "1", "beat",
            "1764300000.5"}));
        QVERIFY(run({"EXPIRE", process, "60"}));
        QVERIFY(run({"HSET", process + ":work", "ogy", R"({"queue":"default"})"}));
        QVERIFY(run({"EXPIRE", process + ":work", "60"}));
        QVERIFY(
            run({"RPUSH", "queue:default", R"({"class":"HardWorker","jid":"b4a577edbccf1d805744efa9"})"}));
        QVERIFY(run({"ZADD", "retry", "1764300000", R"({"jid":"1"})"}));
        QVERIFY(run({"SET", "stat:processed:2026-11-28", "17", "EX", "157680000"}));
        QVERIFY(run({"RPUSH", "bull:mail:wait", "42"})); // BullMQ
        QVERIFY(run({"HSET", "bull:mail:meta", "opts.maxLenEvents", "10000"}));
        QVERIFY(run({"SADD", "bull:mail:stalled", "41"}));
        QVERIFY(run({"SET", "bull:mail:stalled-check", "1764300000000", "PX", "30000"}));
        QVERIFY(run({"SET", "bull:mail:de:welcome-7", "42", "PX", "60000"}));
        QVERIFY(run({"RPUSH", "celery", R"({"body":"e30=","headers":{}})"})); // Celery
        QVERIFY(run({"SET", "celery-task-meta-" + id,
            "{\"status\":\"SUCCESS\",\"result\":4,\"task_id\":\"" + id + "\"}", "EX", "86400"}));
        QVERIFY(run({"SADD", "_kombu.binding.celery",
            "celery\x06\x16\x06\x16"
            "celery"}));
        QVERIFY(run({"HSET", "unacked", id, "[{\"body\":\"e30=\"},\"\",\"celery\"]"}));
        QVERIFY(run({"ZADD", "unacked_index", "1764300000.1", id}));
        QVERIFY(
            run({"HSET", "rq:worker:api-2.4242", "birth", "2026-11-28T10:00:00Z", "state", "busy"})); // RQ
        QVERIFY(run({"EXPIRE", "rq:worker:api-2.4242", "420"}));
        QVERIFY(run({"SADD", "rq:workers:default", "rq:worker:api-2.4242"}));
        QVERIFY(run({"HSET", "rq:job:" + id, "status", "finished", "origin", "default"}));
        QVERIFY(run({"EXPIRE", "rq:job:" + id, "500"}));
        QVERIFY(run({"ZADD", "rq:wip:default", "1764300000", id}));
        QVERIFY(run({"SET", "rq:clean_registries:default", "1", "EX", "899"}));
        QVERIFY(run({"SADD", "resque:workers", "api-2:4242:default"})); // Resque
        QVERIFY(run({"HSET", "resque:workers:heartbeat", "api-2:4242:default", "2026-11-28T10:00:00Z"}));
        QVERIFY(run({"SET", "resque:worker:api-2:4242:default", R"({"queue":"default","run_at":"x"})"}));
        QVERIFY(run({"RPUSH", "resque:queue:default", R"({"class":"Archive","args":[]})"}));
        QVERIFY(run({"RPUSH", "asynq:{default}:pending", id})); // asynq
        QVERIFY(run({"ZADD", "asynq:{default}:lease", "1764300030", id}));
        QVERIFY(run({"HSET", "asynq:workers:{api-2:4242:" + id + "}", id, "\x0a\x04task"}));
        QVERIFY(run({"EXPIRE", "asynq:workers:{api-2:4242:" + id + "}", "32"}));
        QVERIFY(run({"SET", "asynq:servers:{api-2:4242:" + id + "}", "\x0a\x05api-2", "EX", "32"}));
        QVERIFY(run({"SET", "asynq:{default}:processed:2026-11-28", "17", "EX", "7776000"}));
        QVERIFY(run({"SADD", "{hangfire}:servers", "api-2:4242:" + id})); // Hangfire
        QVERIFY(run({"HSET", "{hangfire}:server:api-2:4242:" + id, "Heartbeat", "2026-11-28T10:00:00Z"}));
        QVERIFY(run({"RPUSH", "{hangfire}:queue:default", "17"}));
        QVERIFY(run({"HSET", "{hangfire}:job:17", "Type", "Mailer", "State", "Succeeded"}));
        QVERIFY(run({"EXPIRE", "{hangfire}:job:17", "86400"}));
        QVERIFY(run({"RPUSH", "{hangfire}:job:17:history", R"({"State":"Succeeded"})"}));
        QVERIFY(run({"EXPIRE", "{hangfire}:job:17:history", "86400"}));
        QVERIFY(run({"HSET", "horizon:supervisor:api-2", "status", "running"})); // Laravel Horizon
        QVERIFY(run({"EXPIRE", "horizon:supervisor:api-2", "30"}));
        QVERIFY(run({"ZADD", "queues:default:reserved", "1764300090", R"({"uuid":"x"})"}));
        QCOMPARE(lockCount(), size_t(0));
    }

    void theJobLibrariesOwnDataIsNoLock()
    {
        // What the job libraries keep beside their locks: job hashes, queues, md5-keyed caches.
        QVERIFY(run({"HSET", "asynq:{default}:t:" + LockFormats::uuidV4(), "msg", "x", "state", "pending"}));
        QVERIFY(run({"LPUSH", "asynq:{default}:pending", LockFormats::uuidV4()}));
        QVERIFY(run({"HSET", "rq:job:" + LockFormats::uuidV4(), "status", "queued", "origin", "default"}));
        QVERIFY(run({"HSET", "bull:videos:42", "name", "encode", "data", "{}"}));
        QVERIFY(run({"SET", "bull:videos:id", "42"}));
        QVERIFY(run({"SET", "exq:stat:processed", "17"}));
        QVERIFY(run({"SET", LockFormats::randomHex(32), R"({"cached":true})", "EX", "600"}));
        QVERIFY(run({"SET", "3c59d" + LockFormats::randomHex(32), "s:5:\"hello\";", "EX", "600"}));
        QCOMPARE(lockCount(), size_t(0));
    }
};

QTEST_GUILESS_MAIN(tst_OrdinaryData)
#include "tst_OrdinaryData.moc"
