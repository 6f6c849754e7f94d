#include "history/LockHealthMetrics.h"

#include <QtTest>

using namespace lockscope;

// Prometheus label values as the exposition format allows them (issue 42): UTF-8 passes through,
// only backslash, quote and newline are escaped; bytes that are not UTF-8 become U+FFFD.
class tst_MetricsLabels : public QObject
{
    Q_OBJECT

    static QString exposition(const std::vector<std::string>& names)
    {
        std::vector<LockHealthMetrics> metrics(names.size());
        std::vector<std::pair<std::string, const LockHealthMetrics*>> servers;
        for (size_t i = 0; i < names.size(); ++i)
            servers.emplace_back(names[i], &metrics[i]);
        return QString::fromStdString(LockHealthMetrics::exposition(servers));
    }

private slots:
    void serversNamedInChineseAreTwoSeries()
    {
        const QString text = exposition({"東京", "大阪"});
        QVERIFY2(
            text.contains(QString::fromUtf8("lockscope_connection_up{server=\"東京\"} 0")), qPrintable(text));
        QVERIFY2(
            text.contains(QString::fromUtf8("lockscope_connection_up{server=\"大阪\"} 0")), qPrintable(text));
    }

    void onlyBackslashQuoteAndNewlineAreEscaped()
    {
        const QString text = exposition({std::string("a\\b\"c\nd\té")});
        QVERIFY2(text.contains(QString::fromUtf8("server=\"a\\\\b\\\"c\\nd\té\"")), qPrintable(text));
    }

    void bytesThatAreNotUtf8BecomeTheReplacementCharacter()
    {
        const QString text = exposition({std::string("x\xff"
                                                     "y")});
        QVERIFY2(text.contains(QString::fromUtf8("server=\"x\uFFFDy\"")), qPrintable(text));
        QVERIFY(QString::fromUtf8(text.toUtf8()) == text); // the whole exposition is UTF-8
    }
};

QTEST_GUILESS_MAIN(tst_MetricsLabels)
#include "tst_MetricsLabels.moc"
