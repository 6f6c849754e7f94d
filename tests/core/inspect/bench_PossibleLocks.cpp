// Measurement, not a test: how many keys of an ordinary keyspace (sessions, caches, counters,
// queues, token stores) the inspector lists as locks and as possible locks. Prints one line per
// kind of data; `cmake --build DIR --target bench_possible_locks` builds and runs it.
#include "inspect/LockInspector.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <cstdio>
#include <functional>
#include <map>

using namespace lockscope;
using test::LockFormats;

namespace {

struct Family
{
    const char* label; // what the data is, as docs/benchmarks.md names it
    const char* prefix; // every key of the family starts with it
    int count;
    std::function<std::vector<RedisCommand>(const std::string& key, int i)> write;
};

std::string json(int i)
{
    return R"({"cookie":{"originalMaxAge":86400000,"httpOnly":true,"path":"/"},"userId":)" + std::to_string(i)
        + R"(,"cart":[)" + std::to_string(i % 7) + "]}";
}

} // namespace

class bench_PossibleLocks : public QObject
{
    Q_OBJECT

private slots:
    void ordinaryKeyspace()
    {
        auto server = test::startServer();
        QVERIFY(server);
        auto redis = test::connectTo(*server);
        using Commands = std::vector<RedisCommand>;
        const std::vector<Family> families {
            {"express sessions: JSON", "sess:", 20000,
                [](const std::string& key, int i) {
                    return Commands {{"SET", key, json(i), "EX", "86400"}};
                }},
            {"Spring sessions: hashes", "spring:session:sessions:", 5000,
                [](const std::string& key, int i) {
                    return Commands {
                        {"HSET", key, "creationTime", std::to_string(1764000000000LL + i),
                            "maxInactiveInterval", "1800", "sessionAttr:user", "u" + std::to_string(i)},
                        {"EXPIRE", key, "1800"}};
                }},
            {"PHP sessions: serialized", "PHPREDIS_SESSION:", 5000,
                [](const std::string& key, int i) {
                    return Commands {{"SET", key,
                        "user_id|i:" + std::to_string(i) + ";csrf|s:32:\"" + LockFormats::randomHex(32)
                            + "\";",
                        "EX", "1440"}};
                }},
            {"cache: JSON", "cache:product:", 20000,
                [](const std::string& key, int i) {
                    return Commands {
                        {"SET", key, R"({"id":)" + std::to_string(i) + R"(,"price":9.99})", "EX", "600"}};
                }},
            {"cache: HTML fragments", "page:/", 2000,
                [](const std::string& key, int i) {
                    return Commands {
                        {"SET", key, "<div class=\"p\">" + std::to_string(i) + "</div>", "EX", "60"}};
                }},
            {"cache: Laravel values", "laravel_database_laravel_cache:item", 5000,
                [](const std::string& key, int i) {
                    return Commands {
                        {"SET", key, "s:12:\"value-" + std::to_string(100000 + i) + "\";", "EX", "300"}};
                }},
            {"cache: numbers", "cache:count:", 5000,
                [](const std::string& key, int i) {
                    return Commands {{"SET", key, std::to_string(i * 3), "EX", "300"}};
                }},
            {"counters: rate limits (TTL)", "rate:", 10000,
                [](const std::string& key, int i) {
                    return Commands {{"SET", key, std::to_string(i % 100), "EX", "60"}};
                }},
            {"counters: totals", "visits:", 5000,
                [](const std::string& key, int i) {
                    return Commands {{"SET", key, std::to_string(i)}};
                }},
            {"counters: hashes", "stats:", 1000,
                [](const std::string& key, int i) {
                    return Commands {
                        {"HSET", key, "views", std::to_string(i), "clicks", std::to_string(i / 3)}};
                }},
            {"queues, sets, leaderboards", "queue:", 3000,
                [](const std::string& key, int i) {
                    if (i % 3 == 0)
                        return Commands {{"RPUSH", key, R"({"job":1})", R"({"job":2})"}};
                    if (i % 3 == 1)
                        return Commands {{"SADD", key, "a", "b"}};
                    return Commands {{"ZADD", key, "10", "alice", "7", "bob"}};
                }},
            {"token stores: API tokens, no TTL", "api_token:", 1000,
                [](const std::string& key, int) {
                    return Commands {{"SET", key, LockFormats::randomHex(40)}};
                }},
            {"token stores: CSRF, 43 chars", "csrf:", 1000,
                [](const std::string& key, int) {
                    return Commands {{"SET", key,
                        LockFormats::randomBase64(32, RandomText::Base64::UrlSafeUnpadded), "EX", "3600"}};
                }},
            {"token stores: session ids, 32 hex, TTL", "sid:", 2000,
                [](const std::string& key, int) {
                    return Commands {{"SET", key, LockFormats::randomHex(32), "EX", "86400"}};
                }},
            {"token stores: reset links, UUID, TTL", "password_reset:", 1000,
                [](const std::string& key, int) {
                    return Commands {{"SET", key, LockFormats::uuidV4(), "EX", "900"}};
                }},
            {"token stores: secrets, 44-char base64, TTL", "secret:", 1000,
                [](const std::string& key, int) {
                    return Commands {{"SET", key, LockFormats::randomBase64(32), "EX", "3600"}};
                }},
            {"cache: SHA-1 digests, 20 raw bytes, TTL", "digest:", 1000,
                [](const std::string& key, int) {
                    const std::string hex = LockFormats::randomHex(40);
                    std::string bytes;
                    for (size_t i = 0; i < hex.size(); i += 2)
                        bytes.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
                    return Commands {{"SET", key, bytes, "EX", "600"}};
                }},
            {"names with lock-like letters, JSON, TTL", "ui:", 3000,
                [](const std::string& key, int i) {
                    // clock, block, leaderboard, unlocked, padlock, locker: words that only look like lock.
                    static const char* const words[] = {"clock-skew", "blocklist", "leaderboard",
                        "unlocked-badges", "padlock-icon", "locker"};
                    return Commands {
                        {"SET", key + ":" + words[i % 6], R"({"v":)" + std::to_string(i) + "}", "EX", "600"}};
                }},
            {"settings named lock-screen, JSON, TTL", "prefs:lock-screen:", 500,
                [](const std::string& key, int i) {
                    return Commands {{"SET", key,
                        R"({"pin":)" + std::to_string(i % 2 == 0) + R"(,"timeout":30})", "EX", "3600"}};
                }},
            {"locks of no library: pid, host, JSON, TTL", "worker:lock:", 200,
                [](const std::string& key, int i) {
                    const std::string value = i % 3 == 0 ? std::to_string(1000 + i)
                        : i % 3 == 1                     ? "host-" + std::to_string(i) + ".example.internal"
                                                         : R"({"pid":)" + std::to_string(i) + "}";
                    return Commands {{"SET", key, value, "EX", "120"}};
                }},
            {"locks: node-redlock under lock names", "locks:", 100,
                [](const std::string& key, int) {
                    return Commands {{"SET", key, LockFormats::randomHex(32), "PX", "600000"}};
                }},
        };
        long long total = 0;
        for (const auto& family : families) {
            Commands batch;
            for (int i = 0; i < family.count; ++i) {
                for (auto& command : family.write(family.prefix + std::to_string(i), i))
                    batch.push_back(std::move(command));
                if (batch.size() >= 2000 || i + 1 == family.count) {
                    auto written = redis->pipeline(batch);
                    QVERIFY(written.ok());
                    batch.clear();
                }
            }
            total += family.count;
        }
        auto result = LockInspector::inspect({{"bench", redis.get()}}, {});
        QVERIFY(result.failures.empty());
        std::map<std::string, std::pair<long long, long long>> byPrefix; // locks, possible
        for (const auto& lock : result.locks) {
            for (const auto& family : families) {
                if (lock.name.rfind(family.prefix, 0) == 0) {
                    auto& counts = byPrefix[family.prefix];
                    (lock.possible ? counts.second : counts.first) += 1;
                    break;
                }
            }
        }
        std::printf("\n%-42s %8s %8s %9s\n", "data", "keys", "locks", "possible");
        long long locks = 0;
        long long possible = 0;
        for (const auto& family : families) {
            const auto counts = byPrefix[family.prefix];
            locks += counts.first;
            possible += counts.second;
            std::printf("%-42s %8d %8lld %9lld\n", family.label, family.count, counts.first, counts.second);
        }
        std::printf("%-42s %8lld %8lld %9lld\n", "all", total, locks, possible);
        std::fflush(stdout);
    }
};

QTEST_GUILESS_MAIN(bench_PossibleLocks)
#include "bench_PossibleLocks.moc"
