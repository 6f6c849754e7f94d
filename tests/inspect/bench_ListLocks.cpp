// Benchmark, not a test: 20,000 locks among 200,000 keys, listed by the inspector and walked by
// a bare SCAN COUNT 1000 loop (what `redis-cli --scan --count 1000` does). Prints both times and
// their ratio (the issue's bar is 3x). Run by hand.
#include "inspect/LockInspector.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <chrono>
#include <cstdio>
#include <ctime>

using namespace lockscope;

class bench_ListLocks : public QObject
{
    Q_OBJECT

private slots:
    void listTwentyThousandLocksAmongTwoHundredThousandKeys()
    {
        auto server = test::startServer();
        QVERIFY(server);
        auto redis = test::connectTo(*server);
        const long long now = test::LockFormats::serverNowMs(*redis);
        // 180,000 ordinary keys (strings, hashes, lists) and 20,000 locks of four formats.
        auto populated = redis->command({"EVAL", R"LUA(
for i = 1, 60000 do
  redis.call('set', 'cache:' .. i, '{"v":' .. i .. '}', 'px', 3600000)
  redis.call('hset', 'user:' .. i, 'name', 'u' .. i, 'age', i % 90)
  redis.call('rpush', 'jobs:' .. i, 'a', 'b')
end
local uuid = '8f4e1c7a-2b3d-4e5f-9a0b-'
for i = 1, 5000 do
  redis.call('hset', 'rlock:' .. i, uuid .. string.format('%012d', i) .. ':1', 1)
  redis.call('pexpire', 'rlock:' .. i, 30000)
  redis.call('set', 'locks:tok:' .. i, string.format('%032x', i * 7919), 'px', 30000)
  redis.call('set', 'mutex:m' .. i, '3f2c1b0a-9e8d-4c7b-a695-' .. string.format('%012d', i), 'px', 30000)
  redis.call('set', 'lock.legacy' .. i, tostring(math.floor(ARGV[1] / 1000) + 60))
end
return redis.call('dbsize'))LUA",
                                            "0", std::to_string(now)},
            std::chrono::milliseconds(120000));
        QVERIFY2(populated.ok(), populated.ok() ? "" : populated.error().message.c_str());
        QCOMPARE(populated->integer(), 200000LL);

        // The baseline is what `redis-cli --scan --count 1000` does: a SCAN COUNT 1000 loop that
        // prints every name (redis-cli 7.0 has no --count, so the loop is run here).
        FILE* devNull = std::fopen("/dev/null", "w");
        QVERIFY(devNull);
        auto started = std::chrono::steady_clock::now();
        size_t names = 0;
        std::string cursor = "0";
        do {
            auto page = redis->command({"SCAN", cursor, "COUNT", "1000"});
            QVERIFY(page.ok());
            cursor = page->at(0).text();
            for (const auto& name : page->at(1).elements()) {
                std::fprintf(devNull, "%s\n", name.text().c_str());
                ++names;
            }
        } while (cursor != "0");
        QCOMPARE(names, size_t(200000));
        const double bare = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::fclose(devNull);

        auto serverCpu = [&] {
            auto info = redis->command({"INFO", "cpu"});
            const std::string text = info ? info->text() : "";
            auto field = [&](const std::string& name) {
                const auto at = text.find(name + ":");
                return at == std::string::npos ? 0.0 : std::stod(text.substr(at + name.size() + 1));
            };
            return field("used_cpu_user") + field("used_cpu_sys");
        };
        const double cpuBefore = serverCpu();
        const std::clock_t clientBefore = std::clock();
        started = std::chrono::steady_clock::now();
        auto reader1 = test::connectTo(*server);
        auto reader2 = test::connectTo(*server);
        auto result = LockInspector::inspect({{"bench", redis.get(), {reader1.get(), reader2.get()}}}, {});
        const double listed
            = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const double cpuUsed = serverCpu() - cpuBefore;
        const double clientUsed = double(std::clock() - clientBefore) / CLOCKS_PER_SEC;
        qInfo("CPU during the listing: server %.3f s, inspector %.3f s", cpuUsed, clientUsed);
        QVERIFY(result.failures.empty());
        QCOMPARE(result.locks.size(), size_t(20000));
        qInfo("redis-cli --scan --count 1000: %.3f s; inspector list: %.3f s; ratio %.2f", bare, listed,
            listed / bare);
    }
};

QTEST_GUILESS_MAIN(bench_ListLocks)
#include "bench_ListLocks.moc"
