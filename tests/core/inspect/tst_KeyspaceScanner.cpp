#include "common/CancellationToken.h"
#include "inspect/LockClassifier.h"
#include "inspect/LockInspector.h"
#include "inspect/scan/BoundedKeyReader.h"
#include "inspect/scan/KeyspaceScanner.h"
#include "locks/LockKeyNames.h"
#include "sandbox/LibrarySampleLocks.h"
#include "support/CommandStats.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <atomic>
#include <set>
#include <thread>

using namespace lockscope;

namespace {

std::vector<RawKey> scanAll(RedisConnection& connection, ScanOptions options = {})
{
    std::vector<RawKey> keys;
    KeyspaceScanner scanner(connection, "n");
    auto summary = scanner.scan(options, [&](std::vector<RawKey>&& batch) {
        for (auto& key : batch)
            keys.push_back(std::move(key));
        return Status(Done {});
    });
    if (!summary)
        qWarning("%s", summary.error().toString().c_str());
    return keys;
}

const RawKey* findKey(const std::vector<RawKey>& keys, const std::string& name)
{
    for (const auto& key : keys) {
        if (key.name == name)
            return &key;
    }
    return nullptr;
}

} // namespace

class tst_KeyspaceScanner : public test::RedisTestCase
{
    Q_OBJECT

    bool run(const RedisCommand& command)
    {
        auto reply = m_redis->command(command, std::chrono::milliseconds(60000));
        if (!reply)
            qWarning("%s", reply.error().toString().c_str());
        return reply.ok();
    }

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void readsEveryTypeWithItsTtl()
    {
        QVERIFY(run({"SET", "s", "value", "PX", "50000"}));
        QVERIFY(run({"HSET", "h", "f", "v"}));
        QVERIFY(run({"RPUSH", "l", "a", "b"}));
        QVERIFY(run({"ZADD", "z", "1.5", "m"}));
        auto keys = scanAll(*m_redis);
        QCOMPARE(keys.size(), size_t(4));
        QCOMPARE(findKey(keys, "s")->value, std::string("value"));
        QVERIFY(findKey(keys, "s")->pttl > 40000);
        QCOMPARE(findKey(keys, "h")->fields.size(), size_t(1));
        QCOMPARE(findKey(keys, "h")->pttl, -1LL);
        QCOMPARE(findKey(keys, "l")->items.size(), size_t(2));
        QCOMPARE(findKey(keys, "z")->members.front().second, 1.5);
    }

    void aHashWithAMillionFieldsIsReadOnlyUpToTheCap()
    {
        // Built server-side in chunks so the test stays fast.
        QVERIFY(run({"EVAL",
            "for c = 0, 399 do local args = {} for i = 1, 2500 do local n = c * 2500 + i "
            "args[#args + 1] = 'f' .. n args[#args + 1] = n end redis.call('hset', KEYS[1], unpack(args)) "
            "end "
            "return redis.call('hlen', KEYS[1])",
            "1", "huge-hash"}));
        QCOMPARE(m_redis->command({"HLEN", "huge-hash"})->integer(), 1000000LL);
        ScanOptions options;
        auto keys = scanAll(*m_redis, options);
        const RawKey* key = findKey(keys, "huge-hash");
        QVERIFY(key);
        QCOMPARE(key->size, 1000000LL);
        QVERIFY(key->truncated);
        QVERIFY(key->fields.size() <= size_t(options.limits.maxHashFields));
        QVERIFY(!key->fields.empty());
        QVERIFY(run({"DEL", "huge-hash"}));
    }

    void aHundredMegabyteStringIsReadAsAPrefix()
    {
        QVERIFY(run({"SETRANGE", "big", "104857599", "x"}));
        ScanOptions options;
        auto keys = scanAll(*m_redis, options);
        const RawKey* key = findKey(keys, "big");
        QVERIFY(key);
        QCOMPARE(key->size, 104857600LL);
        QCOMPARE(key->value.size(), options.limits.maxStringBytes);
        QVERIFY(key->truncated);
        QVERIFY(run({"DEL", "big"}));
    }

    void hugeValuesDoNotHideTheLocksBesideThem()
    {
        QVERIFY(run({"SETRANGE", "big.lock", "10485759", "x"}));
        QVERIFY(run({"EVAL", "for i = 1, 5000 do redis.call('rpush', KEYS[1], i) end", "1", "long-list"}));
        QVERIFY(test::LockFormats::redissonLock(
            *m_redis, "real", "8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b", 1, 30000)
                    .ok());
        auto result = LockInspector::inspect({{"n", m_redis.get()}}, {});
        QVERIFY(result.failures.empty());
        QCOMPARE(result.locks.size(), size_t(1));
        QCOMPARE(result.locks[0].name, std::string("real"));
    }

    void keysOfAKnownFamilyCostOneCommandAndAWrongGuessStillReadsTheKey()
    {
        // Hashes under user:N and strings under cache:N: once the reader has seen the families,
        // each key is read by the one command of its type, without TYPE.
        QVERIFY(run({"EVAL",
            "for i = 1, 400 do redis.call('hset', 'user:' .. i, 'name', 'u' .. i) "
            "redis.call('set', 'cache:' .. i, 'v' .. i) end",
            "0"}));
        QVERIFY(run({"RPUSH", "user:401", "not", "a", "hash"})); // a user:N that is a list
        BoundedKeyReader reader(*m_redis);
        std::vector<std::string> first;
        std::vector<std::string> second;
        for (int i = 1; i <= 400; ++i) {
            auto& half = i <= 200 ? first : second;
            half.push_back("user:" + std::to_string(i));
            half.push_back("cache:" + std::to_string(i));
        }
        second.push_back("user:401");
        QVERIFY(reader.read(first).ok());
        QVERIFY(run({"CONFIG", "RESETSTAT"}));
        auto keys = reader.read(second);
        QVERIFY(keys.ok());
        QCOMPARE(keys->size(), size_t(401));
        QCOMPARE(findKey(*keys, "user:300")->fields.front().second, std::string("u300"));
        QCOMPARE(findKey(*keys, "cache:300")->value, std::string("v300"));
        QCOMPARE(findKey(*keys, "user:401")->type, RawKey::Type::List); // guessed a hash: WRONGTYPE, TYPE
        QCOMPARE(findKey(*keys, "user:401")->items.size(), size_t(3));
        const std::string stats = m_redis->command({"INFO", "commandstats"})->text();
        auto calls = [&](const std::string& command) {
            const auto at = stats.find("cmdstat_" + command + ":calls=");
            return at == std::string::npos ? 0LL : std::atoll(stats.c_str() + at + command.size() + 15);
        };
        QCOMPARE(calls("type"), 1LL); // only the list that broke its family's pattern
        QCOMPARE(calls("hscan"), 201LL);
        QCOMPARE(calls("getrange"), 200LL);
    }

    void keysReadWithTheirTtlsAlongsideGetThemFromThePttlsSentWithTheirFirstRead()
    {
        // A watcher's known keys: each key's PTTL goes in the round of its first command, so no
        // PTTL round follows (a key found gone cost one PTTL, which names no row).
        QVERIFY(run({"SET", "locks:with-ttl", "token", "PX", "60000"}));
        QVERIFY(run({"HSET", "locks:no-ttl", "8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b:1", "1"}));
        BoundedKeyReader reader(*m_redis);
        QVERIFY(run({"CONFIG", "RESETSTAT"}));
        auto keys = reader.readWithTtlsAlongside({"locks:with-ttl", "locks:no-ttl", "locks:gone"});
        QVERIFY(keys.ok());
        QCOMPARE(keys->size(), size_t(2));
        const long long pttl = findKey(*keys, "locks:with-ttl")->pttl;
        QVERIFY2(pttl > 0 && pttl <= 60000, std::to_string(pttl).c_str());
        QCOMPARE(findKey(*keys, "locks:with-ttl")->value, std::string("token"));
        QCOMPARE(findKey(*keys, "locks:no-ttl")->pttl, -1LL);
        QCOMPARE(findKey(*keys, "locks:no-ttl")->fields.size(), size_t(1));
        // One per name, sent with its first read (the hash's guess missed: TYPE and HSCAN after).
        QCOMPARE(test::commandCalls(*m_redis, "pttl"), 3LL);
    }

    void aKeyThatNoLongerExistsYieldsNoRow()
    {
        QVERIFY(run({"SET", "present", "1"}));
        BoundedKeyReader reader(*m_redis);
        auto keys = reader.read({"present", "gone"});
        QVERIFY(keys.ok());
        QCOMPARE(keys->size(), size_t(1));
        QCOMPARE(keys->front().name, std::string("present"));
    }

    void keysExpiringDuringTheScanYieldARowOrNone()
    {
        // Thousands of keys expire within the scan; whatever comes back must be whole.
        QVERIFY(run({"EVAL",
            "for i = 1, 3000 do redis.call('set', 'short:' .. i, 'v' .. i, 'px', 1 + i % 40) end", "0"}));
        ScanOptions options;
        options.count = 10;
        options.limits.commandsPerPipeline = 4;
        // A pause per batch makes sure the scan outlives every TTL, whatever the machine's speed.
        options.progress
            = [](const ScanProgress&) { std::this_thread::sleep_for(std::chrono::milliseconds(1)); };
        auto keys = scanAll(*m_redis, options);
        for (const auto& key : keys) {
            QCOMPARE(key.type, RawKey::Type::String);
            QVERIFY(key.value.starts_with("v"));
        }
        QVERIFY(keys.size() < 3000);
    }

    void aKeyThatChangesTypeWhileBeingReadYieldsASensibleRowOrNone()
    {
        std::atomic<bool> stop {false};
        auto flipperConnection = test::connectTo(*m_server);
        QVERIFY(flipperConnection);
        std::thread flipper([&] {
            int round = 0;
            while (!stop.load()) {
                const std::string key = "flip:" + std::to_string(round % 50);
                (void)flipperConnection->command({"DEL", key});
                if (round % 2 == 0)
                    (void)flipperConnection->command(
                        {"HSET", key, "8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b:1", "1"});
                else
                    (void)flipperConnection->command({"RPUSH", key, "a", "b"});
                ++round;
            }
        });
        bool allSensible = true;
        for (int pass = 0; pass < 30; ++pass) {
            ScanOptions options;
            options.count = 5;
            for (const auto& key : scanAll(*m_redis, options)) {
                if (key.type == RawKey::Type::Hash)
                    allSensible = allSensible && !key.fields.empty() && key.items.empty();
                if (key.type == RawKey::Type::List)
                    allSensible = allSensible && !key.items.empty() && key.fields.empty();
            }
        }
        stop = true;
        flipper.join();
        QVERIFY(allSensible);
    }

    void parallelReadersReadExactlyWhatOneConnectionReads()
    {
        QVERIFY(run({"EVAL",
            "for i = 1, 3000 do redis.call('set', 's' .. i, i) redis.call('hset', 'h' .. i, 'f', i) end",
            "0"}));
        ScanOptions sequential;
        sequential.count = 100;
        auto expected = scanAll(*m_redis, sequential);
        auto reader1 = test::connectTo(*m_server);
        auto reader2 = test::connectTo(*m_server);
        ScanOptions parallel = sequential;
        parallel.readers = {reader1.get(), reader2.get()};
        auto got = scanAll(*m_redis, parallel);
        QCOMPARE(got.size(), size_t(6000));
        QCOMPARE(got.size(), expected.size());
        for (const auto& key : expected) {
            const RawKey* same = findKey(got, key.name);
            QVERIFY(same);
            QCOMPARE(same->value, key.value);
            QCOMPARE(same->fields, key.fields);
        }
    }

    void inspectingWithReaderConnectionsFindsWhatOneConnectionFinds()
    {
        // The readers keep the candidates, note their candidacy and read their TTLs themselves:
        // every library's sample lock among ordinary data must come out the same as when one
        // connection does it all.
        std::vector<std::string> made;
        const long long nowMs = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::system_clock::now().time_since_epoch())
                                    .count();
        std::vector<RedisCommand> seed = LibrarySampleLocks::commands(nowMs, made);
        seed.push_back({"SET", "lock:fenced", test::LockFormats::randomHex(32), "PX", "60000"});
        seed.push_back({"SET", LockKeyNames::lockscopeFence("lock:fenced"), "7"});
        seed.push_back({"EVAL", "for i = 1, 2000 do redis.call('set', 'cache:' .. i, i) end", "0"});
        QVERIFY(m_redis->pipeline(seed).ok());
        InspectOptions options;
        options.scan.count = 100;
        const InspectResult alone = LockInspector::inspect({{"n", m_redis.get()}}, options);
        auto reader1 = test::connectTo(*m_server);
        auto reader2 = test::connectTo(*m_server);
        QVERIFY(reader1 && reader2);
        const InspectResult read
            = LockInspector::inspect({{"n", m_redis.get(), {reader1.get(), reader2.get()}}}, options);
        QVERIFY(alone.failures.empty() && read.failures.empty());
        QVERIFY(alone.locks.size() > 20);
        QCOMPARE(read.locks.size(), alone.locks.size());
        for (size_t i = 0; i < alone.locks.size(); ++i) {
            const LockSnapshot& expected = alone.locks[i];
            const LockSnapshot& got = read.locks[i];
            QCOMPARE(got.name, expected.name);
            QCOMPARE(got.kind, expected.kind);
            QCOMPARE(got.library, expected.library);
            QCOMPARE(got.keys, expected.keys);
            QCOMPARE(got.holders.size(), expected.holders.size());
            QCOMPARE(got.fence, expected.fence);
            QCOMPARE(got.ttlMs.has_value(), expected.ttlMs.has_value());
            if (expected.ttlMs)
                QVERIFY2(std::abs(*got.ttlMs - *expected.ttlMs) < 5000, expected.name.c_str());
        }
        const auto fenced = std::ranges::find(read.locks, std::string("lock:fenced"), &LockSnapshot::name);
        QVERIFY(fenced != read.locks.end());
        QCOMPARE(fenced->fence, std::optional<long long>(7));
    }

    void binaryKeyNamesSurviveTheScan()
    {
        const std::string name("k\0\xff\n", 4);
        QVERIFY(run({"SET", name, "v"}));
        auto keys = scanAll(*m_redis);
        QCOMPARE(keys.size(), size_t(1));
        QCOMPARE(keys[0].name, name);
    }

    void onePatternGoesToScanMatchAndSeveralAreFilteredHere()
    {
        QVERIFY(run({"MSET", "a:1", "x", "b:1", "x", "c:1", "x"}));
        ScanOptions one;
        one.patterns = {"a:*"};
        QCOMPARE(scanAll(*m_redis, one).size(), size_t(1));
        ScanOptions two;
        two.patterns = {"a:*", "c:*"};
        auto keys = scanAll(*m_redis, two);
        QCOMPARE(keys.size(), size_t(2));
        QVERIFY(!findKey(keys, "b:1"));
    }

    void memoryFollowsTheLocksFoundNotTheKeysScanned()
    {
        // 20,000 ordinary keys and 10 locks. The scanner hands the readers a few SCAN pages at a
        // time and waits for them (it never queues the keyspace), and the classifier keeps only
        // the candidates: what stays in memory does not grow with the keys scanned.
        QVERIFY(run({"EVAL",
            "for i = 1, 20000 do redis.call('set', 'cache:' .. i, '{\"v\":' .. i .. '}') end", "0"}));
        for (int i = 0; i < 10; ++i)
            QVERIFY(test::LockFormats::redissonLock(
                *m_redis, "lock" + std::to_string(i), "8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b", 1, 30000)
                        .ok());
        auto reader1 = test::connectTo(*m_server);
        auto reader2 = test::connectTo(*m_server);
        QVERIFY(reader1 && reader2);
        LockClassifier classifier(*m_redis, "n");
        QVERIFY(classifier.begin().ok());
        ScanOptions options;
        options.count = 100;
        options.readers = {reader1.get(), reader2.get()};
        options.wantContents = classifier.contentFilter();
        options.keep = classifier.candidateFilter();
        size_t mostInFlight = 0;
        size_t seen = 0;
        options.progress = [&](const ScanProgress& progress) {
            mostInFlight = std::max(mostInFlight, progress.keysInFlight);
            seen = progress.keysSeen;
        };
        KeyspaceScanner scanner(*m_redis, "n");
        auto summary = scanner.scan(
            options, [&](std::vector<RawKey>&& batch) { return classifier.addBatch(std::move(batch)); });
        QVERIFY(summary.ok());
        QCOMPARE(seen, size_t(20010));
        QVERIFY(mostInFlight > 0); // the readers were used
        // Two batches per reader of a SCAN page each (COUNT is a hint: allow twice 100 keys).
        QVERIFY2(mostInFlight <= 2 * 2 * 200, std::to_string(mostInFlight).c_str());
        QCOMPARE(classifier.candidateCount(), size_t(10));
    }

    void aConnectionDroppedMidScanIsReconnectedAndTheWalkGoesOn()
    {
        QVERIFY(run({"EVAL", "for i = 1, 3000 do redis.call('set', 'k' .. i, i) end", "0"}));
        auto scanning = test::connectTo(*m_server);
        QVERIFY(scanning);
        const long long id = scanning->command({"CLIENT", "ID"})->integer();
        ScanOptions options;
        options.count = 100;
        bool killed = false;
        options.progress = [&](const ScanProgress& progress) {
            // The next page is already asked for: the connection drops with a SCAN in flight.
            if (!killed && progress.keysSeen >= 1000)
                killed = m_redis->command({"CLIENT", "KILL", "ID", std::to_string(id)}).ok();
        };
        auto keys = scanAll(*scanning, options);
        QVERIFY(killed);
        std::set<std::string> names;
        for (const auto& key : keys)
            names.insert(key.name);
        QCOMPARE(names.size(), size_t(3000));
        QVERIFY(scanning->reconnectCount() >= 1);
    }

    void reportsProgressAndStopsWhenCancelled()
    {
        QVERIFY(run({"EVAL", "for i = 1, 5000 do redis.call('set', 'k' .. i, i) end", "0"}));
        CancellationToken cancel;
        ScanOptions options;
        options.count = 100;
        options.cancel = &cancel;
        std::vector<size_t> seen;
        options.progress = [&](const ScanProgress& progress) {
            seen.push_back(progress.keysSeen);
            QCOMPARE(progress.totalKeys, 5000LL);
            if (progress.keysSeen >= 1000)
                cancel.cancel();
        };
        KeyspaceScanner scanner(*m_redis, "n");
        auto summary = scanner.scan(options, [](std::vector<RawKey>&&) { return Status(Done {}); });
        QVERIFY(summary.ok());
        QVERIFY(summary->cancelled);
        QVERIFY(summary->keysSeen < 5000);
        QVERIFY(seen.size() >= 2);
    }
};

QTEST_GUILESS_MAIN(tst_KeyspaceScanner)
#include "tst_KeyspaceScanner.moc"
