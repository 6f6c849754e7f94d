#include "locks/LockFactory.h"
#include "support/RedisTestCase.h"

#include <QtTest>

using namespace lockscope;

class tst_LockFactory : public test::RedisTestCase
{
    Q_OBJECT

    LockSpec specFor(LockAlgorithm kind)
    {
        LockSpec spec;
        spec.kind = kind;
        spec.name = "factory-" + std::string(lockAlgorithmName(kind));
        spec.connection = options();
        return spec;
    }

private slots:
    void createsEachKnownKindByName_data()
    {
        QTest::addColumn<QString>("kind");
        for (const auto& info : LockFactory::kinds())
            QTest::newRow(std::string(info.name()).c_str())
                << QString::fromUtf8(info.name().data(), qsizetype(info.name().size()));
    }

    void createsEachKnownKindByName()
    {
        QFETCH(QString, kind);
        const auto parsed = LockFactory::parseKind(kind.toStdString());
        QVERIFY(parsed);
        LockSpec spec = specFor(*parsed);
        spec.nodes = {spec.connection};
        auto lock = LockFactory::create(spec);
        QVERIFY2(lock, lock ? "" : lock.error().toString().c_str());
        QCOMPARE((*lock)->kind(), *parsed);
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
        auto kind = LockFactory::parseKind("mystery");
        QVERIFY(!kind);
        QCOMPARE(kind.error().kind, ErrorKind::Usage);
        for (const auto& info : LockFactory::kinds())
            QVERIFY(kind.error().message.find(info.name()) != std::string::npos);
    }

    void redlockWithoutNodesIsAUsageError()
    {
        auto lock = LockFactory::create(specFor(LockAlgorithm::Redlock));
        QVERIFY(!lock);
        QCOMPARE(lock.error().kind, ErrorKind::Usage);
    }

    void anUnreachableServerIsAConnectionError()
    {
        LockSpec spec = specFor(LockAlgorithm::Token);
        spec.connection.port = 1;
        auto lock = LockFactory::create(spec);
        QVERIFY(!lock);
        QCOMPARE(lock.error().kind, ErrorKind::ConnectionRefused);
    }
};

QTEST_GUILESS_MAIN(tst_LockFactory)
#include "tst_LockFactory.moc"
