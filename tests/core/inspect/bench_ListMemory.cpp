// Benchmark, not a test: the listing's memory at 100,000 and at 1,000,000 keys holding the same
// 10,000 locks. Prints the process's peak resident memory during each listing; the point is
// that it follows the locks found, not the keys scanned (the scanner streams the keyspace and
// the classifier keeps only candidates). Never fails on a number; `cmake --build DIR --target
// bench_list_memory` builds and runs it.
#include "inspect/LockInspector.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>

using namespace lockscope;

namespace {

// A field of /proc/self/status in kB (VmRSS, VmHWM), -1 when unreadable.
long long statusKb(const std::string& field)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.starts_with(field + ":"))
            return std::atoll(line.c_str() + field.size() + 1);
    }
    return -1;
}

// Resets VmHWM to the current RSS (Linux: "5" to clear_refs), so each listing's peak is its own.
bool resetPeak()
{
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
    clear.flush();
    return clear.good();
}

// Ordinary keys [first, last] in slices, so that the server never blocks for long: a JSON
// string with a TTL, a user hash, a job list, in turn.
bool addOrdinaryKeys(RedisConnection& redis, long long first, long long last)
{
    constexpr long long slice = 30000; // ~100 ms of server time per EVAL
    for (long long from = first; from <= last; from += slice) {
        const long long to = std::min(last, from + slice - 1);
        auto added = redis.command({"EVAL", R"LUA(
for i = tonumber(ARGV[1]), tonumber(ARGV[2]) do
  local kind = i % 3
  if kind == 0 then
    redis.call('set', 'cache:' .. i, '{"v":' .. i .. ',"pad":"' .. string.rep('x', 40) .. '"}', 'px', 3600000)
  elseif kind == 1 then
    redis.call('hset', 'user:' .. i, 'name', 'u' .. i, 'age', i % 90)
  else
    redis.call('rpush', 'jobs:' .. i, 'a', 'b')
  end
end
return 1)LUA",
                                       "0", std::to_string(from), std::to_string(to)},
            std::chrono::milliseconds(60000));
        if (!added)
            return false;
    }
    return true;
}

// Locks [first, last] of two formats, two keys per number: a Redisson hash and a token lock.
bool addLocks(RedisConnection& redis, long long first, long long last)
{
    auto added = redis.command({"EVAL", R"LUA(
for i = tonumber(ARGV[1]), tonumber(ARGV[2]) do
  redis.call('hset', 'rlock:' .. i, '8f4e1c7a-2b3d-4e5f-9a0b-' .. string.format('%012d', i) .. ':1', 1)
  redis.call('pexpire', 'rlock:' .. i, 600000)
  redis.call('set', 'locks:tok:' .. i, string.format('%032x', i * 7919), 'px', 600000)
end
return 1)LUA",
                                   "0", std::to_string(first), std::to_string(last)},
        std::chrono::milliseconds(60000));
    return added.ok();
}

} // namespace

class bench_ListMemory : public QObject
{
    Q_OBJECT

private slots:
    void peakMemoryFollowsLocksNotKeys()
    {
        auto server = test::startServer();
        QVERIFY(server);
        auto redis = test::connectTo(*server);
        auto reader1 = test::connectTo(*server);
        auto reader2 = test::connectTo(*server);
        QVERIFY(redis && reader1 && reader2);
        const bool peakResets = resetPeak();
        // 100,000 then 1,000,000 keys with the same 10,000 locks; then 90,000 more locks.
        struct Step
        {
            long long ordinary;
            long long lockPairs;
        };
        long long ordinaryAdded = 0;
        for (const Step step : {Step {90000, 5000}, Step {990000, 5000}, Step {990000, 50000}}) {
            const long long locksNow = 2 * step.lockPairs;
            QVERIFY(addOrdinaryKeys(*redis, ordinaryAdded + 1, step.ordinary));
            ordinaryAdded = std::max(ordinaryAdded, step.ordinary);
            QVERIFY(addLocks(*redis, 1, step.lockPairs));
            QCOMPARE(redis->command({"DBSIZE"})->integer(), step.ordinary + locksNow);

            const long long before = statusKb("VmRSS");
            resetPeak();
            long long sampled = before;
            InspectOptions options;
            options.scan.progress
                = [&](const ScanProgress&) { sampled = std::max(sampled, statusKb("VmRSS")); };
            const auto started = std::chrono::steady_clock::now();
            auto result
                = LockInspector::inspect({{"bench", redis.get(), {reader1.get(), reader2.get()}}}, options);
            const double took
                = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            QVERIFY(result.failures.empty());
            QCOMPARE(result.locks.size(), size_t(locksNow));
            const long long peak = peakResets ? statusKb("VmHWM") : sampled;
            qInfo(
                "%lld keys, %zu locks: listed in %.2f s; RSS before %.1f MB, peak during the listing %.1f MB "
                "(+%.1f MB; %s)",
                step.ordinary + locksNow, result.locks.size(), took, before / 1024.0, peak / 1024.0,
                (peak - before) / 1024.0,
                peakResets ? "VmHWM reset before the listing" : "VmRSS sampled per batch");
        }
    }
};

QTEST_GUILESS_MAIN(bench_ListMemory)
#include "bench_ListMemory.moc"
