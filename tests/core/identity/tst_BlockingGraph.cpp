#include "identity/BlockingGraph.h"

#include <QtTest>

using namespace lockscope;

namespace {

// A lock held by `holders` and waited for by `waiters` (as a fair queue names them).
LockSnapshot lock(
    const std::string& name, std::vector<std::string> holders, std::vector<std::string> waiters = {})
{
    LockSnapshot snapshot;
    snapshot.name = name;
    snapshot.kind = LockKind::Fair;
    for (auto& owner : holders) {
        LockHolder holder;
        holder.owner = std::move(owner);
        snapshot.holders.push_back(std::move(holder));
    }
    for (auto& owner : waiters)
        snapshot.waiters.push_back(LockWaiter {std::move(owner), std::nullopt, WaiterSource::FairQueue});
    snapshot.waiterCount = static_cast<long long>(snapshot.waiters.size());
    return snapshot;
}

} // namespace

class tst_BlockingGraph : public QObject
{
    Q_OBJECT

private slots:
    void aChainEndsAtItsRootBlockerWhichBlocksEveryoneBehindIt()
    {
        // c waits for b's lock, b waits for a's: a blocks two.
        const auto tree = BlockingGraph::of({lock("orders", {"a"}, {"b"}), lock("invoices", {"b"}, {"c"})});
        QCOMPARE(tree.roots.size(), size_t(1));
        QCOMPARE(tree.roots.front().owner, std::string("a"));
        QCOMPARE(tree.roots.front().blocks, size_t(2));
        QCOMPARE(tree.roots.front().locks, std::vector<std::string> {"orders"});
        QVERIFY(tree.deadlocks.empty());
    }

    void rootsThatBlockMoreComeFirst()
    {
        const auto tree
            = BlockingGraph::of({lock("one", {"small"}, {"w1"}), lock("many", {"big"}, {"w2", "w3", "w4"})});
        QCOMPARE(tree.roots.size(), size_t(2));
        QCOMPARE(tree.roots[0].owner, std::string("big"));
        QCOMPARE(tree.roots[0].blocks, size_t(3));
        QCOMPARE(tree.roots[1].owner, std::string("small"));
    }

    void twoPartiesThatEachWaitForTheOthersLockAreADeadlock()
    {
        // ABBA: p holds A and waits for B, q holds B and waits for A.
        const auto tree = BlockingGraph::of({lock("A", {"p"}, {"q"}), lock("B", {"q"}, {"p"})});
        QCOMPARE(tree.deadlocks.size(), size_t(1));
        QCOMPARE(tree.deadlocks.front().owners, (std::vector<std::string> {"p", "q"}));
        QCOMPARE(tree.deadlocks.front().locks, (std::vector<std::string> {"A", "B"}));
        QVERIFY(tree.roots.empty()); // nobody in a cycle waits for nothing
    }

    void aWaiterBehindADeadlockIsNotPartOfIt()
    {
        const auto tree = BlockingGraph::of(
            {lock("A", {"p"}, {"q", "r"}), lock("B", {"q"}, {"p"}), lock("C", {"r"}, {"s"})});
        QCOMPARE(tree.deadlocks.size(), size_t(1));
        QCOMPARE(tree.deadlocks.front().owners, (std::vector<std::string> {"p", "q"}));
        QVERIFY(tree.roots.empty()); // r waits for the cycle, so it is no root either
    }

    void aLongCycleIsFoundWithoutRecursion()
    {
        std::vector<LockSnapshot> locks;
        const int n = 50000;
        for (int i = 0; i < n; ++i)
            locks.push_back(lock(
                "l" + std::to_string(i), {"p" + std::to_string(i)}, {"p" + std::to_string((i + 1) % n)}));
        const auto tree = BlockingGraph::of(locks);
        QCOMPARE(tree.deadlocks.size(), size_t(1));
        QCOMPARE(tree.deadlocks.front().owners.size(), size_t(n));
    }

    void aHolderQueuedOnItsOwnLockBlocksNobodyAndUnnamedWaitersAreCounted()
    {
        LockSnapshot redisson = lock("report", {"a"}, {"a"});
        redisson.waiterCount = 4; // subscribers Redis counts but cannot name
        const auto tree = BlockingGraph::of({redisson, lock("other", {"a"}, {"b"})});
        QCOMPARE(tree.roots.size(), size_t(1));
        QCOMPARE(tree.roots.front().blocks, size_t(1));
        QCOMPARE(tree.roots.front().unnamedWaiters, 3LL);
        QVERIFY(tree.deadlocks.empty());
    }
};

QTEST_APPLESS_MAIN(tst_BlockingGraph)
#include "tst_BlockingGraph.moc"
