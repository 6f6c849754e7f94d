#include "cli/flags/TimeArgument.h"

#include <QtTest>

using namespace lockscope;

// The times `history --since/--until` read (issue 42): ISO 8601 with offsets and fractions as
// people mean them, impossible dates refused, ages counted back from now.
class tst_TimeArgument : public QObject
{
    Q_OBJECT
    static constexpr long long now = 1'795'000'000'000; // 2026-11-18T...Z

    static long long at(const std::string& text)
    {
        auto parsed = TimeArgument::parse(text, now);
        if (!parsed)
            qWarning("%s: %s", text.c_str(), parsed.error().message.c_str());
        return parsed ? *parsed : -1;
    }
    static bool refused(const std::string& text) { return !TimeArgument::parse(text, now); }

private slots:
    void aFractionOfASecondIsAFraction()
    {
        const long long whole = at("2026-11-24T03:12:05Z");
        QCOMPARE(at("2026-11-24T03:12:05.5Z"), whole + 500);
        QCOMPARE(at("2026-11-24T03:12:05.50Z"), whole + 500);
        QCOMPARE(at("2026-11-24T03:12:05.05Z"), whole + 50);
        QCOMPARE(at("2026-11-24T03:12:05.123456Z"), whole + 123); // finer than ms: cut to ms
    }

    void anOffsetIsSubtracted()
    {
        const long long utc = at("2026-11-24T02:12:05Z");
        QCOMPARE(at("2026-11-24T03:12:05+01:00"), utc);
        QCOMPARE(at("2026-11-24T03:12:05+0100"), utc);
        QCOMPARE(at("2026-11-23T21:42:05-04:30"), utc);
        QCOMPARE(at("2026-11-24T02:12:05"), utc); // no offset: UTC
        QCOMPARE(at("2026-11-24T03:12+01:00"), utc - 5000);
    }

    void theSameMomentInEpochMilliseconds()
    {
        // 2026-11-24T03:12:05Z, computed independently of the parser.
        QCOMPARE(at("2026-11-24T03:12:05Z"),
            QDateTime(QDate(2026, 11, 24), QTime(3, 12, 5), Qt::UTC).toMSecsSinceEpoch());
        QCOMPARE(at("2026-11-24"), QDateTime(QDate(2026, 11, 24), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch());
        QCOMPARE(at("1795000000000"), 1795000000000LL);
    }

    void impossibleDatesAreRefused()
    {
        QVERIFY(refused("2026-02-31T00:00Z"));
        QVERIFY(refused("2026-02-29"));
        QVERIFY(!refused("2028-02-29"));
        QVERIFY(refused("2026-13-01T00:00"));
        QVERIFY(refused("2026-11-24T24:01"));
        QVERIFY(refused("2026-11-24T03:60"));
    }

    void whatIsNotATimeIsRefused()
    {
        for (const char* text : {"", "yesterday", "2026-11-24T03:12:05Zjunk", "2026-11-24T03:12:05+01:00x",
                 "15x", "-5m", "2026-11-24T", "1e3"})
            QVERIFY2(refused(text), text);
    }

    void agesCountBackFromNow()
    {
        QCOMPARE(at("now"), now);
        QCOMPARE(at("90s"), now - 90'000);
        QCOMPARE(at("90m"), now - 90 * 60'000LL);
        QCOMPARE(at("2h"), now - 2 * 3'600'000LL);
        QCOMPARE(at("7d"), now - 7 * 86'400'000LL);
        QCOMPARE(at("2w"), now - 14 * 86'400'000LL);
        QVERIFY(refused("99999999999999d"));
    }
};

QTEST_GUILESS_MAIN(tst_TimeArgument)
#include "tst_TimeArgument.moc"
