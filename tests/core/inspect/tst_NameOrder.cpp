#include "inspect/NameOrder.h"

#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace lockscope;

namespace {

// The names in the order NameOrder gives them.
std::vector<std::string> ordered(const std::vector<std::string>& names)
{
    const auto order = NameOrder::of(
        names.size(), [&names](size_t i) { return std::string_view(names[i]); },
        [&names](size_t a, size_t b) { return names[a] < names[b]; });
    std::vector<std::string> result;
    for (size_t at : order)
        result.push_back(names[at]);
    return result;
}

std::vector<std::string> sorted(std::vector<std::string> names)
{
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

class tst_NameOrder : public QObject
{
    Q_OBJECT

private slots:
    void namesOfOneFamilyComeInTheirByteOrder()
    {
        std::vector<std::string> names;
        for (int i = 999; i >= 0; --i)
            names.push_back("lock:scale:" + std::to_string(i * 7919 % 1000));
        QCOMPARE(ordered(names), sorted(names));
    }

    void namesThatDifferOnlyPastTheirFirstEightBytesAfterTheCommonPrefixAreOrderedInFull()
    {
        const std::vector<std::string> names {
            "job:12345678-b", "job:12345678-a", "job:12345678", "job:1234567"};
        QCOMPARE(ordered(names), sorted(names));
    }

    void aNameBeforeItsLongerNamesAndBytesAboveAsciiLast()
    {
        const std::vector<std::string> names {
            std::string("k\xff", 2), std::string("k\0", 2), "k", "ka", std::string("k\x80z", 3), "kA"};
        QCOMPARE(ordered(names), sorted(names));
    }

    void equalNamesKeepTheirPlaces()
    {
        const std::vector<std::string> names {"b", "a", "b", "a"};
        const auto order = NameOrder::of(
            names.size(), [&names](size_t i) { return std::string_view(names[i]); },
            [&names](size_t a, size_t b) { return names[a] < names[b]; });
        QCOMPARE(order, (std::vector<size_t> {1, 3, 0, 2}));
    }

    void noNamesNoOrder() { QVERIFY(ordered({}).empty()); }
};

QTEST_GUILESS_MAIN(tst_NameOrder)
#include "tst_NameOrder.moc"
