#include "inspect/LockId.h"

#include <QtTest>

#include <string>
#include <unordered_map>

using namespace lockscope;

// One identity of a lock (server, node, name): what makes two ids the same lock, the owned and
// the viewed form as one, and a view moving to other bytes of the same lock.
class tst_LockId : public QObject
{
    Q_OBJECT

private slots:
    void theSameServerNodeAndNameAreTheSameLock()
    {
        const LockId id(1, "10.0.0.5:6379", "lock:orders");
        QCOMPARE(id, LockId(1, std::string("10.0.0.5:6379"), std::string("lock:orders")));
        QCOMPARE(id.hash(), LockId(1, "10.0.0.5:6379", "lock:orders").hash());
        QVERIFY(id != LockId(2, "10.0.0.5:6379", "lock:orders")); // another open server
        QVERIFY(id != LockId(1, "10.0.0.6:6379", "lock:orders")); // another master
        QVERIFY(id != LockId(1, "10.0.0.5:6379", "lock:invoices"));
    }

    void aNodeAndANameCannotTradeBytes()
    {
        // Raw names hold any byte, newlines and NULs included: the parts stay apart.
        QVERIFY(LockId(0, "a:1", "\nb") != LockId(0, "a:1\n", "b"));
        QVERIFY(LockId(0, "a:1", std::string("x\0y", 3)) != LockId(0, "a:1", std::string("x\0z", 3)));
        QVERIFY(LockId(0, "a:1", "bc").hash() != LockId(0, "a:1b", "c").hash());
    }

    void aViewIsTheSameIdAsTheOwnedOneAndFindsIt()
    {
        const std::string node = "127.0.0.1:7000";
        const std::string name = "redisson:lock";
        const LockIdView view(3, node, name);
        const LockId owned(view);
        QCOMPARE(owned.hash(), view.hash());
        QVERIFY(owned == view);
        QCOMPARE(LockIdView(owned), view);
        std::unordered_map<LockId, int, LockIdHash, std::equal_to<>> byId;
        byId.emplace(owned, 7);
        const auto found = byId.find(view);
        QVERIFY(found != byId.end());
        QCOMPARE(found->second, 7);
        QVERIFY(byId.find(LockIdView(4, node, name)) == byId.end());
    }

    void aViewRepointedToACopyOfItsBytesStaysTheSameId()
    {
        std::string firstName = "lock:report";
        const LockIdView view(0, "n:1", firstName);
        const size_t hash = view.hash();
        const std::string newerName = firstName; // the lock's next snapshot
        view.repoint("n:1", newerName);
        firstName = "overwritten";
        QCOMPARE(view.hash(), hash);
        QCOMPARE(view, LockIdView(0, "n:1", "lock:report"));
        QCOMPARE(view.name().data(), newerName.data());
    }

    void anIdRemadeFromItsKeptHashIsTheSameId()
    {
        const LockId id(5, "n:1", "lock:kept");
        const LockIdView remade = LockIdView::withKnownHash(5, id.node(), id.name(), id.hash());
        QVERIFY(remade == id);
        QCOMPARE(remade.hash(), id.hash());
    }

    void idsOrderByServerThenNodeThenName()
    {
        QVERIFY(LockId(0, "z:1", "z") < LockId(1, "a:1", "a"));
        QVERIFY(LockId(0, "a:1", "z") < LockId(0, "b:1", "a"));
        QVERIFY(LockId(0, "a:1", "a") < LockId(0, "a:1", "b"));
        QVERIFY(!(LockId(0, "a:1", "a") < LockId(0, "a:1", "a")));
    }
};

QTEST_GUILESS_MAIN(tst_LockId)
#include "tst_LockId.moc"
