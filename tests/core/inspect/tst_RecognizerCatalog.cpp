#include "inspect/LockInspector.h"
#include "inspect/recognizers/RecognizerCatalog.h"
#include "support/LockFormatRows.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <algorithm>

using namespace lockscope;
using test::LockFormats;
using test::LockFormatSample;

namespace {

std::vector<std::string> sorted(std::vector<std::string> keys)
{
    std::sort(keys.begin(), keys.end());
    return keys;
}

// The one lock called `name`; none when there is none or when a format split its keys in two.
std::optional<LockSnapshot> onlyLockNamed(const std::vector<LockSnapshot>& locks, const std::string& name)
{
    auto named = [&](const LockSnapshot& lock) { return lock.name == name; };
    if (std::count_if(locks.begin(), locks.end(), named) != 1)
        return std::nullopt;
    return *std::find_if(locks.begin(), locks.end(), named);
}

} // namespace

// The registry of lock formats: every catalogued recogniser answers, for a lock its library
// wrote, which lock each key belongs to and which keys the lock has, and the two agree with
// what a full listing finds.
class tst_RecognizerCatalog : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void init()
    {
        LockFormats::dropKeylessHolders();
        QVERIFY(run({"FLUSHALL"}));
    }

    void everyCataloguedFormatHasASample()
    {
        const auto samples = LockFormats::samples();
        for (const auto& recognizer : RecognizerCatalog::all()) {
            const bool sampled = std::any_of(samples.begin(), samples.end(),
                [&](const LockFormatSample& sample) { return sample.recognizer == recognizer->name(); });
            QVERIFY2(sampled, std::string(recognizer->name()).c_str());
        }
    }

    void keysAndLockNameRoundTrip_data() { test::addLockFormatRows(); }

    void keysAndLockNameRoundTrip()
    {
        QFETCH(int, sample);
        const LockFormatSample format = LockFormats::samples().at(size_t(sample));
        QVERIFY(format.write(*m_redis, format.lockName).ok());
        InspectOptions options;
        options.lockPatterns = format.lockPatterns;

        auto listed = LockInspector::inspect({{"n", m_redis.get()}}, options);
        QVERIFY(listed.failures.empty());
        auto lock = onlyLockNamed(listed.locks, format.lockName);
        QVERIFY2(lock.has_value(), format.lockName.c_str());
        QCOMPARE(lockLibraryName(lock->library), lockLibraryName(format.library));

        // key -> lock name, for every key the listing grouped into the lock
        for (const auto& key : lock->keys)
            QCOMPARE(RecognizerCatalog::lockNameForKey(key), format.lockName);

        // lock name -> keys: reading the lock by name alone finds the same lock, whole
        auto byName = LockInspector::inspectKeys(
            {"n", m_redis.get()}, RecognizerCatalog::keysOfLock(format.lockName), options);
        QVERIFY(byName.ok());
        auto reread = onlyLockNamed(*byName, format.lockName);
        QVERIFY2(reread.has_value(), format.lockName.c_str());
        QCOMPARE(sorted(reread->keys), sorted(lock->keys));
        QCOMPARE(reread->holders.size(), lock->holders.size());
    }

    void plainAttachedAndDerivedKeysNameTheirLock()
    {
        QCOMPARE(RecognizerCatalog::lockNameForKey("plain"), std::string("plain"));
        QCOMPARE(RecognizerCatalog::lockNameForKey("lockscope:waiters:{a}"), std::string("a"));
        QCOMPARE(RecognizerCatalog::lockNameForKey("redisson_lock_token:{a}"), std::string("a"));
        QCOMPARE(
            RecognizerCatalog::lockNameForKey("{a}:8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b:1:rwlock_timeout:2"),
            std::string("a"));
    }

    void aLockNameAsksForEachKeyOnceAndForItsOwnNameFirst()
    {
        const auto keys = RecognizerCatalog::keysOfLock("a");
        QCOMPARE(keys.front(), std::string("a"));
        const auto ordered = sorted(keys);
        QVERIFY(std::adjacent_find(ordered.begin(), ordered.end()) == ordered.end());
    }
};

QTEST_GUILESS_MAIN(tst_RecognizerCatalog)
#include "tst_RecognizerCatalog.moc"
