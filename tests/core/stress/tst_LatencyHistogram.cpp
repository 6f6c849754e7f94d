#include "common/JsonWriter.h"
#include "stress/LatencyHistogram.h"
#include "stress/StressResult.h"

#include <QtTest>

#include <random>

using namespace lockscope;

class tst_LatencyHistogram : public QObject
{
    Q_OBJECT

private slots:
    void anEmptyHistogramReportsZeros()
    {
        LatencyHistogram histogram;
        QCOMPARE(histogram.count(), std::uint64_t(0));
        QCOMPARE(histogram.percentile(50), std::int64_t(0));
        QCOMPARE(histogram.max(), std::int64_t(0));
    }

    void smallValuesAreExact()
    {
        LatencyHistogram histogram;
        for (int v = 1; v <= 50; ++v)
            histogram.record(v);
        QCOMPARE(histogram.percentile(50), std::int64_t(25));
        QCOMPARE(histogram.percentile(100), std::int64_t(50));
        QCOMPARE(histogram.min(), std::int64_t(1));
    }

    void percentilesStayWithinThreePercentOverManyMagnitudes()
    {
        std::mt19937_64 random(7);
        std::uniform_real_distribution<double> exponent(2.0, 11.0);
        std::vector<std::int64_t> values;
        LatencyHistogram histogram;
        for (int i = 0; i < 100000; ++i) {
            const auto v = static_cast<std::int64_t>(std::pow(10.0, exponent(random)));
            values.push_back(v);
            histogram.record(v);
        }
        std::sort(values.begin(), values.end());
        for (double p : {50.0, 90.0, 99.0, 99.9}) {
            const auto exact = values[static_cast<size_t>(std::ceil(p / 100.0 * values.size())) - 1];
            const auto estimate = histogram.percentile(p);
            const double error = std::abs(static_cast<double>(estimate - exact)) / static_cast<double>(exact);
            QVERIFY2(error < 0.035,
                qPrintable(QString("p%1: exact %2, estimate %3").arg(p).arg(exact).arg(estimate)));
        }
        QCOMPARE(histogram.max(), values.back());
    }

    void everyValueFallsInsideItsBucket()
    {
        for (std::int64_t v :
            {0LL, 63LL, 64LL, 65LL, 1000LL, 123456789LL, (1LL << 40) + 5, (1LL << 62) + 1}) {
            const int bucket = LatencyHistogram::bucketOf(v);
            QVERIFY(bucket >= 0 && bucket < LatencyHistogram::bucketCount);
            QVERIFY(LatencyHistogram::bucketLow(bucket) <= v);
            QVERIFY(v <= LatencyHistogram::bucketHigh(bucket));
        }
    }

    void mergingAddsCountsAndKeepsExtremes()
    {
        LatencyHistogram a;
        LatencyHistogram b;
        a.record(100);
        a.record(200);
        b.record(5);
        b.record(1000000);
        a.merge(b);
        QCOMPARE(a.count(), std::uint64_t(4));
        QCOMPARE(a.min(), std::int64_t(5));
        QCOMPARE(a.max(), std::int64_t(1000000));
    }

    void jainIsOneForEqualSharesAndOneOverNForAMonopoly()
    {
        QCOMPARE(StressResult::jainIndex({10, 10, 10, 10}), 1.0);
        QCOMPARE(StressResult::jainIndex({40, 0, 0, 0}), 0.25);
        QCOMPARE(StressResult::jainIndex({0, 0}), 0.0);
    }

    void jsonWriterEscapesAndSeparates()
    {
        JsonWriter json;
        json.beginObject();
        json.key("a\"b").value("line\nnext");
        json.key("list").beginArray().value(1).value(2.5).value(true).endArray();
        json.key("nan").value(std::nan(""));
        json.endObject();
        QCOMPARE(QString::fromStdString(json.text()),
            QString("{\"a\\\"b\":\"line\\nnext\",\"list\":[1,2.5,true],\"nan\":null}"));
    }
};

QTEST_GUILESS_MAIN(tst_LatencyHistogram)
#include "tst_LatencyHistogram.moc"
