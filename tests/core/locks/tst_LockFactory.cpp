#include "locks/LockFactory.h"
#include "support/RedisTestCase.h"

#include <QtTest>

using namespace lockscope;

class tst_LockFactory : public test::RedisTestCase
{
    Q_OBJECT

    LockSpec specFor(const std::string& kind)
    {
        LockSpec spec;
        spec.kind = kind;
        spec.name = "factory-" + kind;
        spec.connection = options();
        return spec;
    }

private slots:
    void createsEachKnownKindByName_data()
    {
        QTest::addColumn<QString>("kind");
        for (const auto& info : LockFactory::kinds())
            QTest::newRow(std::string(info.name).c_str())
                << QString::fromUtf8(info.name.data(), qsizetype(info.name.size()));
    }

    void createsEachKnownKindByName()
    {
        QFETCH(QString, kind);
        LockSpec spec = specFor(kind.toStdString());
        spec.nodes = {spec.connection};
        auto lock = LockFactory::create(spec);
        QVERIFY2(lock, lock ? "" : lock.error().toString().c_str());
        QCOMPARE(QString::fromUtf8((*lock)->kind().data(), qsizetype((*lock)->kind().size())), kind);
        QCOMPARE((*lock)->name(), spec.name);
        AcquireOptions once;
        once.wait = std::chrono::milliseconds(0);
        auto acquired = (*lock)->acquire(once);
        QVERIFY(acquired && acquired->acquired());
        QCOMPARE(*(*lock)->release(), HoldOutcome::Done);
    }

    void theDefaultKindExistsAndIsSafe()
    {
        const auto* info = LockFactory::find(LockFactory::defaultKind);
        QVERIFY(info);
        QVERIFY(!info->unsafe);
    }

    void anUnknownKindIsAUsageErrorListingTheKnownOnes()
    {
        auto lock = LockFactory::create(specFor("mystery"));
        QVERIFY(!lock);
        QCOMPARE(lock.error().kind, ErrorKind::Usage);
        for (const auto& info : LockFactory::kinds())
            QVERIFY(lock.error().message.find(info.name) != std::string::npos);
    }

    void redlockWithoutNodesIsAUsageError()
    {
        auto lock = LockFactory::create(specFor("redlock"));
        QVERIFY(!lock);
        QCOMPARE(lock.error().kind, ErrorKind::Usage);
    }

    void anUnreachableServerIsAConnectionError()
    {
        LockSpec spec = specFor("token");
        spec.connection.port = 1;
        auto lock = LockFactory::create(spec);
        QVERIFY(!lock);
        QCOMPARE(lock.error().kind, ErrorKind::ConnectionRefused);
    }
};

QTEST_GUILESS_MAIN(tst_LockFactory)
#include "tst_LockFactory.moc"
