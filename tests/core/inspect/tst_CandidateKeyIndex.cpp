#include "inspect/CandidateKeyIndex.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace lockscope;

namespace {

RawKey stringKey(const std::string& name, const std::string& value = "v")
{
    RawKey key;
    key.name = name;
    key.type = RawKey::Type::String;
    key.value = value;
    return key;
}

std::vector<std::string> unclaimedNames(const CandidateKeyIndex& index)
{
    std::vector<std::string> names;
    for (const std::string& name : index.unclaimed())
        names.push_back(name);
    return names;
}

} // namespace

class tst_CandidateKeyIndex : public QObject
{
    Q_OBJECT

private slots:
    void everyKeyOfAMillionIsFoundByItsName()
    {
        CandidateKeyIndex index;
        for (int i = 0; i < 1000000; ++i)
            index.add(stringKey("lock:scale:" + std::to_string(i), std::to_string(i)));
        QCOMPARE(index.size(), size_t(1000000));
        for (int i = 0; i < 1000000; i += 997) {
            const RawKey* key = index.find("lock:scale:" + std::to_string(i));
            QVERIFY(key);
            QCOMPARE(key->value, std::to_string(i));
        }
        QVERIFY(!index.find("lock:scale:1000000"));
        QVERIFY(!index.contains("lock:scale:"));
    }

    void addingANameAgainReplacesItsKey()
    {
        CandidateKeyIndex index;
        index.add(stringKey("a", "first"));
        index.add(stringKey("a", "second"));
        QCOMPARE(index.size(), size_t(1));
        QCOMPARE(index.find("a")->value, std::string("second"));
        QCOMPARE(unclaimedNames(index), std::vector<std::string>({"a"}));
    }

    void unclaimedKeysComeInNameOrderWithoutTheClaimedOnes()
    {
        CandidateKeyIndex index;
        for (const char* name : {"lock:c", "lock:a", "lock:d", "lock:b"})
            index.add(stringKey(name));
        index.claim("lock:b");
        QCOMPARE(unclaimedNames(index), std::vector<std::string>({"lock:a", "lock:c", "lock:d"}));
        QVERIFY(index.isClaimed("lock:b"));
        QVERIFY(!index.isClaimed("lock:a"));
    }

    void aKeyHandedOutIsClaimedByItself()
    {
        CandidateKeyIndex index;
        index.add(stringKey("x"));
        index.add(stringKey("y"));
        const std::vector<const RawKey*> keys = index.unclaimedKeys();
        QCOMPARE(keys.size(), size_t(2));
        index.claim(*keys[1]);
        QVERIFY(index.isClaimed("y"));
        QVERIFY(!index.isClaimed("x"));
        QCOMPARE(unclaimedNames(index), std::vector<std::string>({"x"}));
    }

    void aCopyOfAKeyClaimsTheIndexedKeyOfItsName()
    {
        CandidateKeyIndex index;
        index.add(stringKey("x"));
        const RawKey copy = *index.find("x"); // not the index's own: claimed by name
        index.claim(copy);
        QVERIFY(index.isClaimed("x"));
        QVERIFY(unclaimedNames(index).empty());
    }

    void aClaimedNameWithoutAKeyIsRememberedAsClaimed()
    {
        CandidateKeyIndex index;
        index.claim("redisson_lock_queue:{gone}");
        QVERIFY(index.isClaimed("redisson_lock_queue:{gone}"));
        QVERIFY(!index.contains("redisson_lock_queue:{gone}"));
    }

    void aRemovedKeyIsGoneUntilItIsAddedAgain()
    {
        CandidateKeyIndex index;
        index.add(stringKey("a"));
        index.add(stringKey("b"));
        index.claim("a");
        index.remove("a");
        QCOMPARE(index.size(), size_t(1));
        QVERIFY(!index.find("a"));
        QVERIFY(!index.isClaimed("a"));
        QCOMPARE(unclaimedNames(index), std::vector<std::string>({"b"}));

        index.add(stringKey("a", "back"));
        QCOMPARE(index.size(), size_t(2));
        QCOMPARE(index.find("a")->value, std::string("back"));
        QVERIFY(!index.isClaimed("a")); // a new key: nobody has claimed it yet
        QCOMPARE(unclaimedNames(index), std::vector<std::string>({"a", "b"}));
    }

    void auxiliaryKeysAreCountedWhileTheyAreIn()
    {
        CandidateKeyIndex index;
        index.add(stringKey("lock:a"));
        QVERIFY(!index.hasAuxiliaryKeys());
        index.add(stringKey("lockscope:fence:lock:a", "7"));
        QVERIFY(index.hasAuxiliaryKeys());
        index.remove("lockscope:fence:lock:a");
        QVERIFY(!index.hasAuxiliaryKeys());
        index.add(stringKey("lockscope:fence:lock:a", "8"));
        QVERIFY(index.hasAuxiliaryKeys());
    }

    void candidaciesAreAskedOnlyForKeysOfUnknownCandidacy()
    {
        CandidateKeyIndex index;
        index.add(stringKey("known"), 0b10);
        index.add(stringKey("unknown"));
        const RawKey& known = *index.find("known");
        QVERIFY(index.isKnownCandidateOf(known, 1));
        QVERIFY(!index.isKnownCandidateOf(known, 0));
        QVERIFY(!index.isKnownCandidateOf(*index.find("unknown"), 1)); // not asked yet
        const RawKey copy = known;
        QVERIFY(!index.isKnownCandidateOf(copy, 1)); // not one of the index's own keys
        int asked = 0;
        index.setCandidacies([&](const RawKey&) {
            ++asked;
            return CandidateKeyIndex::Recognizers(0b1);
        });
        QCOMPARE(asked, 1);
        QCOMPARE(index.unclaimedCandidatesOf(1).size(), size_t(1));
        QCOMPARE(index.unclaimedCandidatesOf(1).front()->name, std::string("known"));
        QCOMPARE(index.unclaimedCandidatesOf(0).front()->name, std::string("unknown"));
    }
};

QTEST_GUILESS_MAIN(tst_CandidateKeyIndex)
#include "tst_CandidateKeyIndex.moc"
