#include "common/EscapeBytes.h"

#include <QtTest>

using namespace lockscope;

class tst_EscapeBytes : public QObject
{
    Q_OBJECT

private slots:
    void printableAsciiStaysAsItIs()
    {
        QCOMPARE(escapeBytes("lock:orders/42 {a} ~"), std::string("lock:orders/42 {a} ~"));
    }

    void quotesBackslashesAndLineBreaksGetTheirShortEscapes()
    {
        QCOMPARE(escapeBytes("a\"b\\c\nd\re\tf"), std::string("a\\\"b\\\\c\\nd\\re\\tf"));
    }

    void otherBytesBecomeHexEscapesNeverRawControlBytes()
    {
        const std::string raw("k\0\x1b\x7f\xff", 5);
        QCOMPARE(escapeBytes(raw), std::string("k\\x00\\x1b\\x7f\\xff"));
    }

    void aLongerTextIsCutAtTheLimitWithAnEllipsis()
    {
        QCOMPARE(escapeBytes("abcdef", 3), std::string("abc..."));
        QCOMPARE(escapeBytes("abc", 3), std::string("abc"));
    }
};

QTEST_GUILESS_MAIN(tst_EscapeBytes)
#include "tst_EscapeBytes.moc"
