#include "redis/ClusterSlots.h"
#include "redis/CommandKeys.h"

#include <QtTest>

using namespace lockscope;

namespace {
std::vector<std::string> keysOf(const RedisCommand& args)
{
    auto keys = CommandKeys::of(args);
    if (!keys)
        return {"<error: " + keys.error().message + ">"};
    return {keys->begin(), keys->end()};
}
using Keys = std::vector<std::string>;
} // namespace

class tst_CommandKeys : public QObject
{
    Q_OBJECT

private slots:
    void anOrdinaryCommandHasItsKeyFirst()
    {
        QCOMPARE(keysOf({"GET", "k"}), Keys({"k"}));
        QCOMPARE(keysOf({"set", "k", "v", "PX", "100"}), Keys({"k"}));
        QCOMPARE(keysOf({"HSET", "h", "f", "v"}), Keys({"h"}));
        // A command we do not know is taken to have its key first.
        QCOMPARE(keysOf({"SOMENEWCOMMAND", "k", "x"}), Keys({"k"}));
    }

    void keylessCommandsHaveNoKey()
    {
        QCOMPARE(keysOf({"PING"}), Keys());
        QCOMPARE(keysOf({"INFO", "server"}), Keys());
        QCOMPARE(keysOf({"CLUSTER", "COUNTKEYSINSLOT", "5"}), Keys());
        QCOMPARE(keysOf({"SCAN", "0", "MATCH", "lock:*"}), Keys());
        QCOMPARE(keysOf({"PUBLISH", "channel", "message"}), Keys());
    }

    void multiKeyCommandsListEveryKey()
    {
        QCOMPARE(keysOf({"MGET", "a", "b", "c"}), Keys({"a", "b", "c"}));
        QCOMPARE(keysOf({"DEL", "a", "b"}), Keys({"a", "b"}));
        QCOMPARE(keysOf({"MSET", "a", "1", "b", "2"}), Keys({"a", "b"}));
        QCOMPARE(keysOf({"BLPOP", "a", "b", "0"}), Keys({"a", "b"}));
        QCOMPARE(keysOf({"RENAME", "a", "b"}), Keys({"a", "b"}));
        QCOMPARE(keysOf({"LMOVE", "a", "b", "LEFT", "RIGHT"}), Keys({"a", "b"}));
        QCOMPARE(keysOf({"ZUNIONSTORE", "d", "2", "a", "b", "WEIGHTS", "1", "2"}), Keys({"d", "a", "b"}));
        QCOMPARE(keysOf({"ZINTER", "2", "a", "b", "WITHSCORES"}), Keys({"a", "b"}));
        QCOMPARE(keysOf({"XREAD", "COUNT", "2", "STREAMS", "s1", "s2", "0", "0"}), Keys({"s1", "s2"}));
        QCOMPARE(keysOf({"OBJECT", "ENCODING", "k"}), Keys({"k"}));
        QCOMPARE(keysOf({"MEMORY", "STATS"}), Keys());
    }

    void scriptsNameTheirKeysAfterTheKeyCount()
    {
        QCOMPARE(keysOf({"EVAL", "return 1", "2", "k1", "k2", "arg"}), Keys({"k1", "k2"}));
        QCOMPARE(keysOf({"evalsha", "abc", "1", "k1", "arg"}), Keys({"k1"}));
        QCOMPARE(keysOf({"EVAL_RO", "return 1", "1", "k1"}), Keys({"k1"}));
        QCOMPARE(keysOf({"EVALSHA_RO", "abc", "1", "k1"}), Keys({"k1"}));
        QCOMPARE(keysOf({"FCALL", "unlock", "1", "lock", "token"}), Keys({"lock"}));
        QCOMPARE(keysOf({"FCALL_RO", "peek", "1", "lock"}), Keys({"lock"}));
        QCOMPARE(keysOf({"EVAL", "return 1", "0", "arg"}), Keys());
    }

    void aMalformedKeyCountIsAUsageError()
    {
        for (const RedisCommand& bad : {RedisCommand {"EVAL", "return 1", "two", "k"},
                 RedisCommand {"EVAL", "return 1", "3", "k1", "k2"}, RedisCommand {"EVAL", "return 1", "-1"},
                 RedisCommand {"EVAL", "return 1"}, RedisCommand {"ZINTER", "x"}}) {
            auto keys = CommandKeys::of(bad);
            QVERIFY(!keys.ok());
            QCOMPARE(keys.error().kind, ErrorKind::Usage);
        }
        QCOMPARE(CommandKeys::of({}).error().kind, ErrorKind::Usage);
    }

    void keysOfOneSlotGiveThatSlot()
    {
        auto slot = CommandKeys::slotOf({"MGET", "{user1}.a", "{user1}.b"});
        QVERIFY(slot.ok());
        QCOMPARE(**slot, clusterKeySlot("user1"));
        auto keyless = CommandKeys::slotOf({"PING"});
        QVERIFY(keyless.ok());
        QVERIFY(!keyless->has_value());
    }

    void keysOfDifferentSlotsAreACrossSlotError()
    {
        QVERIFY(clusterKeySlot("a") != clusterKeySlot("b"));
        for (const RedisCommand& cross : {RedisCommand {"MGET", "a", "b"}, RedisCommand {"DEL", "a", "b"},
                 RedisCommand {"EVAL", "return 1", "2", "a", "b"}, RedisCommand {"RENAME", "a", "b"}}) {
            auto slot = CommandKeys::slotOf(cross);
            QVERIFY(!slot.ok());
            QCOMPARE(slot.error().kind, ErrorKind::CrossSlot);
        }
        // Only keys count: script arguments may hash anywhere.
        QVERIFY(CommandKeys::slotOf({"EVAL", "return 1", "1", "a", "b"}).ok());
    }
};

QTEST_GUILESS_MAIN(tst_CommandKeys)
#include "tst_CommandKeys.moc"
