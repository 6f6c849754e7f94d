// Benchmark, not a test: locks among ordinary keys, listed by the inspector, against a bare SCAN
// COUNT 1000 loop (what `redis-cli --scan --count 1000` does) and the real `redis-cli --scan`
// process, in one run. Two cases (data tags): "20k-of-200k", 20,000 locks among 200,000 keys, and
// "10k-of-1m", 10,000 locks among 1,000,000 keys; `bench_ListLocks
// listLocksAmongOrdinaryKeys:10k-of-1m` runs one. Prints the times and ratios (the goal: within
// 1.3x of the bare loop); never fails on a time. `cmake --build DIR --target bench_list` builds
// and runs both.
#include "inspect/LockInspector.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>

using namespace lockscope;

class bench_ListLocks : public QObject
{
    Q_OBJECT

private slots:
    void listLocksAmongOrdinaryKeys_data()
    {
        QTest::addColumn<int>("ordinaryPerKind"); // JSON strings, user hashes and job lists, each
        QTest::addColumn<int>("locksPerFormat"); // Redisson, token, mutex: and legacy locks, each
        QTest::newRow("20k-of-200k") << 60000 << 5000;
        QTest::newRow("10k-of-1m") << 330000 << 2500;
    }

    void listLocksAmongOrdinaryKeys()
    {
        QFETCH(int, ordinaryPerKind);
        QFETCH(int, locksPerFormat);
        const long long totalKeys = 3LL * ordinaryPerKind + 4LL * locksPerFormat;
        const size_t totalLocks = 4 * static_cast<size_t>(locksPerFormat);
        auto server = test::startServer();
        QVERIFY(server);
        auto redis = test::connectTo(*server);
        const long long now = test::LockFormats::serverNowMs(*redis);
        // In slices of 30,000 a script, so that the server never blocks for long.
        for (int first = 1; first <= ordinaryPerKind; first += 30000) {
            auto populated = redis->command(
                {"EVAL", R"LUA(
for i = tonumber(ARGV[1]), tonumber(ARGV[2]) do
  redis.call('set', 'cache:' .. i, '{"v":' .. i .. '}', 'px', 3600000)
  redis.call('hset', 'user:' .. i, 'name', 'u' .. i, 'age', i % 90)
  redis.call('rpush', 'jobs:' .. i, 'a', 'b')
end
return 1)LUA",
                    "0", std::to_string(first), std::to_string(std::min(ordinaryPerKind, first + 29999))},
                std::chrono::milliseconds(120000));
            QVERIFY2(populated.ok(), populated.ok() ? "" : populated.error().message.c_str());
        }
        auto populated = redis->command({"EVAL", R"LUA(
local uuid = '8f4e1c7a-2b3d-4e5f-9a0b-'
for i = 1, tonumber(ARGV[2]) do
  redis.call('hset', 'rlock:' .. i, uuid .. string.format('%012d', i) .. ':1', 1)
  redis.call('pexpire', 'rlock:' .. i, 600000)
  redis.call('set', 'locks:tok:' .. i, string.format('%032x', i * 7919), 'px', 600000)
  redis.call('set', 'mutex:m' .. i, '3f2c1b0a-9e8d-4c7b-a695-' .. string.format('%012d', i), 'px', 600000)
  redis.call('set', 'lock.legacy' .. i, tostring(math.floor(ARGV[1] / 1000) + 600))
end
return redis.call('dbsize'))LUA",
                                            "0", std::to_string(now), std::to_string(locksPerFormat)},
            std::chrono::milliseconds(120000));
        QVERIFY2(populated.ok(), populated.ok() ? "" : populated.error().message.c_str());
        QCOMPARE(populated->integer(), totalKeys);

        // Baselines, both in this run against the same server:
        // - the real `redis-cli --scan` process (Debian's redis-tools). redis-cli 7.0 has no
        //   --count, so it runs `--scan --pattern '*'`, i.e. SCAN with the default COUNT 10;
        // - what `redis-cli --scan --count 1000` does (newer redis-cli): a SCAN COUNT 1000 loop
        //   over our own connection that prints every name. The inspector is compared with this,
        //   the stricter of the two.
        // The machine may be shared: three alternating rounds, the best of each side compared.
        const std::string redisCli = "redis-cli -h 127.0.0.1 -p " + std::to_string(server->port())
            + " --scan --pattern '*' > /dev/null 2>&1";
        auto seconds = [](auto since) {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
        };
        auto scanLoop = [&]() -> double {
            FILE* devNull = std::fopen("/dev/null", "w");
            if (!devNull)
                return -1;
            const auto started = std::chrono::steady_clock::now();
            size_t names = 0;
            std::string cursor = "0";
            do {
                auto page = redis->command({"SCAN", cursor, "COUNT", "1000"});
                if (!page)
                    break;
                cursor = page->at(0).text();
                for (const auto& name : page->at(1).elements()) {
                    std::fprintf(devNull, "%s\n", name.text().c_str());
                    ++names;
                }
            } while (cursor != "0");
            const double took = seconds(started);
            std::fclose(devNull);
            return static_cast<long long>(names) == totalKeys ? took : -1;
        };
        auto cliScan = [&]() -> double {
            const auto started = std::chrono::steady_clock::now();
            const int status = std::system(redisCli.c_str());
            return status == 0 ? seconds(started) : -1;
        };

        auto serverCpu = [&] {
            auto info = redis->command({"INFO", "cpu"});
            const std::string text = info ? info->text() : "";
            auto field = [&](const std::string& name) {
                const auto at = text.find(name + ":");
                return at == std::string::npos ? 0.0 : std::stod(text.substr(at + name.size() + 1));
            };
            return field("used_cpu_user") + field("used_cpu_sys");
        };
        // Commands the server ran, by name (INFO commandstats): calls and server microseconds, to
        // show where the listing's server time goes.
        auto commandStats = [&] {
            std::map<std::string, std::pair<long long, long long>> stats;
            auto info = redis->command({"INFO", "commandstats"});
            const std::string text = info ? info->text() : "";
            size_t at = 0;
            while ((at = text.find("cmdstat_", at)) != std::string::npos) {
                const auto colon = text.find(':', at);
                const auto calls = text.find("calls=", colon);
                const auto usec = text.find("usec=", colon);
                if (colon == std::string::npos || calls == std::string::npos || usec == std::string::npos)
                    break;
                stats[text.substr(at + 8, colon - at - 8)]
                    = {std::atoll(text.c_str() + calls + 6), std::atoll(text.c_str() + usec + 5)};
                at = usec;
            }
            return stats;
        };
        // "name=calls/usec ..." of what ran between two snapshots, and the total server usec.
        auto commandsBetween = [](const auto& before, const auto& after, long long& totalUsec) {
            std::string out;
            totalUsec = 0;
            for (const auto& [name, stat] : after) {
                const auto was
                    = before.count(name) ? before.at(name) : std::pair<long long, long long> {0, 0};
                const long long calls = stat.first - was.first;
                if (calls <= 0 || name == "info")
                    continue;
                totalUsec += stat.second - was.second;
                out += " " + name + "=" + std::to_string(calls) + "/"
                    + std::to_string(stat.second - was.second) + "us";
            }
            return out;
        };
        auto reader1 = test::connectTo(*server);
        auto reader2 = test::connectTo(*server);
        auto reader3 = test::connectTo(*server);
        QVERIFY(reader1 && reader2 && reader3);
        const int readerCount = std::getenv("BENCH_READERS") ? std::atoi(std::getenv("BENCH_READERS")) : 2;
        std::vector<RedisConnection*> readers {reader1.get(), reader2.get(), reader3.get()};
        readers.resize(std::clamp(readerCount, 0, 3));
        double bestLoop = 1e9;
        double bestCli = 1e9;
        double bestList = 1e9;
        for (int round = 0; round < 3; ++round) {
            const auto loopBefore = commandStats();
            const std::clock_t loopClientBefore = std::clock();
            const double loop = scanLoop();
            const double loopClient = double(std::clock() - loopClientBefore) / CLOCKS_PER_SEC;
            long long loopUsec = 0;
            commandsBetween(loopBefore, commandStats(), loopUsec);
            QVERIFY2(loop > 0, "the SCAN COUNT 1000 loop did not see every key");
            bestLoop = std::min(bestLoop, loop);
            const double cli = cliScan();
            if (cli > 0)
                bestCli = std::min(bestCli, cli);

            const auto commandsBefore = commandStats();
            const double cpuBefore = serverCpu();
            const std::clock_t clientBefore = std::clock();
            const auto started = std::chrono::steady_clock::now();
            InspectOptions options;
            if (const char* count = std::getenv("BENCH_COUNT"))
                options.scan.count = std::atoi(count);
            auto result = LockInspector::inspect({{"bench", redis.get(), readers}}, options);
            const double listed = seconds(started);
            const double cpuUsed = serverCpu() - cpuBefore;
            const double clientUsed = double(std::clock() - clientBefore) / CLOCKS_PER_SEC;
            QVERIFY(result.failures.empty());
            QCOMPARE(result.locks.size(), totalLocks);
            bestList = std::min(bestList, listed);
            long long listUsec = 0;
            const std::string commands = commandsBetween(commandsBefore, commandStats(), listUsec);
            qInfo(
                "round %d: server commands during the listing (calls/usec):%s", round + 1, commands.c_str());
            qInfo("round %d: SCAN COUNT 1000 loop %.3f s (server commands %.3f s, client CPU %.3f s); "
                  "redis-cli --scan %.3f s",
                round + 1, loop, loopUsec / 1e6, loopClient, cli);
            qInfo("round %d: inspector list %.3f s = %.2fx (server commands %.3f s, server CPU %.3f s, "
                  "inspector CPU %.3f s)",
                round + 1, listed, listed / loop, listUsec / 1e6, cpuUsed, clientUsed);
        }
        qInfo("best of 3: inspector list %.3f s = %.2fx the SCAN COUNT 1000 loop (%.3f s, goal <= 1.3x)",
            bestList, bestList / bestLoop, bestLoop);
        if (bestCli < 1e9)
            qInfo("           = %.2fx redis-cli --scan --pattern '*' (%.3f s; this redis-cli has no --count)",
                bestList / bestCli, bestCli);
        else
            qInfo("redis-cli did not run (Debian's redis-tools missing?): no redis-cli baseline");
    }
};

QTEST_GUILESS_MAIN(bench_ListLocks)
#include "bench_ListLocks.moc"
