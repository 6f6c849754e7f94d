#include "locks/MutualExclusionChecker.h"

#include <QtTest>

using namespace lockscope;

class tst_MutualExclusionChecker : public QObject
{
    Q_OBJECT

private slots:
    void disjointSectionsWithRisingFencesPass()
    {
        MutualExclusionChecker checker;
        checker.readHistoryText(
            "start a 1 100\nend a 1 200\nstart b 2 200\nend b 2 300\nstart c 5 310\nend c 5 400\n");
        const auto report = checker.check();
        QVERIFY2(report.ok(), report.summary().c_str());
        QCOMPARE(report.sections, size_t(3));
        QVERIFY(report.problems.empty());
    }

    void overlappingSectionsAreReported()
    {
        MutualExclusionChecker checker;
        checker.readHistoryText("start a 1 100\nstart b 2 150\nend a 1 200\nend b 2 300\n");
        const auto report = checker.check();
        QVERIFY(!report.exclusive());
        QCOMPARE(report.overlaps.size(), size_t(1));
        QCOMPARE(report.overlaps[0].first.holder, std::string("a"));
        QCOMPARE(report.overlaps[0].second.holder, std::string("b"));
    }

    void aSectionInsideALongOneIsAnOverlapEvenAfterAShortOne()
    {
        MutualExclusionChecker checker;
        checker.record({"long", 1, 0, 1000});
        checker.record({"short", 2, 10, 20});
        checker.record({"late", 3, 500, 600});
        const auto report = checker.check();
        QCOMPARE(report.overlaps.size(), size_t(2));
        QCOMPARE(report.overlaps[1].first.holder, std::string("long"));
        QCOMPARE(report.overlaps[1].second.holder, std::string("late"));
    }

    void aFenceThatDoesNotRiseIsReported()
    {
        MutualExclusionChecker checker;
        checker.readHistoryText(
            "start a 7 100\nend a 7 200\nstart b 7 300\nend b 7 400\nstart c 6 500\nend c 6 600\n");
        const auto report = checker.check();
        QVERIFY(report.exclusive());
        QVERIFY(!report.fencesIncrease());
        QCOMPARE(report.fenceRegressions.size(), size_t(2));
    }

    void unfencedSectionsAreOnlyCheckedForOverlap()
    {
        MutualExclusionChecker checker;
        checker.readHistoryText("start a - 100\nend a - 200\nstart b - 300\nend b - 400\n");
        QVERIFY(checker.check().ok());
    }

    void malformedAndUnfinishedRecordsAreProblems()
    {
        MutualExclusionChecker checker;
        checker.readHistoryText("garbage\nstart a x 100\nend z 1 5\nstart dead 3 10\n");
        const auto report = checker.check();
        QCOMPARE(report.problems.size(), size_t(4));
        QCOMPARE(report.sections, size_t(0));
    }

    void aMissingHistoryFileIsAnError()
    {
        MutualExclusionChecker checker;
        QVERIFY(!checker.readHistory("/nonexistent/history.txt"));
    }
};

QTEST_GUILESS_MAIN(tst_MutualExclusionChecker)
#include "tst_MutualExclusionChecker.moc"
