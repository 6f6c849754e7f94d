#include "common/HashedRowIndex.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace lockscope;

class tst_HashedRowIndex : public QObject
{
    Q_OBJECT

private slots:
    void eachKeyFindsItsOwnRowEvenWhenHashesCollide()
    {
        // Keys chosen to share hashes in fours: the index must tell them apart by asking.
        std::vector<std::string> keys;
        std::vector<size_t> hashes;
        HashedRowIndex index;
        for (int row = 0; row < 5000; ++row) {
            keys.push_back("lock:" + std::to_string(row));
            hashes.push_back(size_t(row / 4) * 0x9E3779B97F4A7C15ull);
            index.insert(hashes.back(), row);
        }
        QCOMPARE(index.size(), size_t(5000));
        for (int row = 0; row < 5000; ++row) {
            const auto isRow = [&](int candidate) { return keys[size_t(candidate)] == keys[size_t(row)]; };
            QCOMPARE(index.find(hashes[size_t(row)], isRow), row);
        }
    }

    void anUnknownKeyIsNotFound()
    {
        HashedRowIndex index;
        QCOMPARE(index.find(42, [](int) { return true; }), -1);
        index.insert(42, 0);
        QCOMPARE(index.find(42, [](int) { return false; }), -1);
        QCOMPARE(index.find(43, [](int) { return true; }), -1);
        index.clear();
        QCOMPARE(index.find(42, [](int) { return true; }), -1);
    }
};

QTEST_GUILESS_MAIN(tst_HashedRowIndex)
#include "tst_HashedRowIndex.moc"
