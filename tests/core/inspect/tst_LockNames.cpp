#include "inspect/admin/ForceRelease.h"
#include "support/HashTaggedKindLock.h"
#include "support/LockFormats.h"
#include "support/LockTestHelpers.h"
#include "support/ObservedLock.h"
#include "support/RedisTestCase.h"

#include <QtTest>

using namespace lockscope;
using test::HashTaggedKindLock;
using test::LockFormats;

// LockScope's own locks under names that carry a cluster hash tag (`orders:{42}`) on a standalone
// server: every key of such a lock keeps the name's own tag (LockKeyNames), and the inspector,
// reading the same builder, lists each kind as what it is, with its fence and holder, and
// releases it. tst_ClusterInspect does the same on a cluster.
class tst_LockNames : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void everyKindUnderAHashTaggedNameIsListedAsItselfAndReleased_data() { HashTaggedKindLock::addRows(); }

    void everyKindUnderAHashTaggedNameIsListedAsItselfAndReleased()
    {
        QFETCH(int, index);
        const auto kind = HashTaggedKindLock::everyKind()[size_t(index)];
        auto taken = kind.take(options(), *m_redis);
        QVERIFY2(taken, taken ? "" : taken.error().toString().c_str());
        auto& lock = taken->lock;

        const auto locks = test::listLocks(*m_redis);
        QCOMPARE(locks.size(), size_t(1)); // no key of it listed as a lock of its own
        const LockSnapshot& listed = locks.front();
        QCOMPARE(listed.name, kind.name);
        QCOMPARE(listed.kind, kind.listedAs);
        QVERIFY(!listed.possible);
        QCOMPARE(listed.fence, taken->fence);
        QCOMPARE(listed.holders.size(), size_t(1));
        QCOMPARE(listed.holders.front().mode, kind.holderMode);

        if (kind.listedAs == LockKind::Semaphore) {
            // Semaphores are not force-released wholesale: its holder gives the permit back.
            QVERIFY(lock->release().ok());
            const auto after = test::listLocks(*m_redis);
            QVERIFY(after.empty() || after.front().holders.empty());
            return;
        }
        auto released = ForceRelease::release(*m_redis, listed);
        QVERIFY2(released, released ? "" : released.error().toString().c_str());
        QCOMPARE(released->outcome, AdminOutcome::Done);
        const auto after = test::listLocks(*m_redis);
        const LockSnapshot* left = test::findLock(after, kind.name);
        QVERIFY(!left || left->holders.empty()); // a fair lock's queue stays, as Redisson leaves it
    }
};

QTEST_GUILESS_MAIN(tst_LockNames)
#include "tst_LockNames.moc"
