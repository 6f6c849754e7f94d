#include "common/NameTable.h"
#include "inspect/LockLibrary.h"
#include "inspect/LockSnapshot.h"
#include "stress/StressError.h"

#include <QtTest>

#include <set>
#include <string>

using namespace lockscope;

namespace {

// Every value of `table` has its own name, and that name reads back as the value.
template <typename Table>
void everyValueReadsBackFromItsName(const Table& table)
{
    std::set<std::string_view> names;
    size_t index = 0;
    for (const auto& row : table.rows()) {
        QCOMPARE(static_cast<size_t>(row.value), index++);
        QVERIFY(!row.name.empty());
        QVERIFY2(names.insert(row.name).second, std::string(row.name).c_str());
        QCOMPARE(table.name(row.value), row.name);
        QVERIFY(table.parse(row.name) == row.value);
    }
}

} // namespace

class tst_NameTables : public QObject
{
    Q_OBJECT

private slots:
    void everyVocabularyNamesEachValueOnceAndReadsItBack()
    {
        everyValueReadsBackFromItsName(lockKindNames);
        everyValueReadsBackFromItsName(holderModeNames);
        everyValueReadsBackFromItsName(waiterSourceNames);
        everyValueReadsBackFromItsName(lockLibraryNames);
        everyValueReadsBackFromItsName(stressErrorCauseNames);
    }

    void theWordsWrittenToJsonAndTheHistoryStayAsTheyWere()
    {
        QCOMPARE(lockKindName(LockKind::ReadWrite), std::string_view("rwlock"));
        QCOMPARE(holderModeName(HolderMode::Exclusive), std::string_view("exclusive"));
        QCOMPARE(holderModeName(HolderMode::Permit), std::string_view("permit"));
        QCOMPARE(holderModeName(HolderMode::WaitingWriter), std::string_view("waiting"));
        QCOMPARE(waiterSourceName(WaiterSource::LockScopeRegistry), std::string_view("lockscope-registry"));
        QCOMPARE(lockLibraryName(LockLibrary::Unknown), std::string_view("unknown"));
        QCOMPARE(lockLibraryName(LockLibrary::RedisPy), std::string_view("redis-py"));
    }

    void aStressErrorIsNamedByItsRedisErrorKindOrByItsCause()
    {
        QCOMPARE(
            StressError::redis(ErrorKind::ConnectionRefused).name(), std::string_view("connection refused"));
        QCOMPARE(StressError::redis(ErrorKind::ForeignData).name(), errorKindName(ErrorKind::ForeignData));
        QCOMPARE(StressError::of(StressError::Cause::TimedOut).name(), std::string_view("timed_out"));
        QCOMPARE(StressError::of(StressError::Cause::Lost).name(), std::string_view("lost"));
    }

    void aNameNoValueHasReadsAsNothingAndANumberOutsideTheEnumAsUnknown()
    {
        QVERIFY(!holderModeNames.parse("shared"));
        QVERIFY(!holderModeNames.parse("Read"));
        QCOMPARE(holderModeNames.name(static_cast<HolderMode>(99)), std::string_view("unknown"));
        QCOMPARE(lockLibraryName(static_cast<LockLibrary>(1000)), std::string_view("unknown"));
    }
};

QTEST_APPLESS_MAIN(tst_NameTables)
#include "tst_NameTables.moc"
