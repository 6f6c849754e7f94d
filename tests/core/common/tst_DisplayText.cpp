#include "common/DisplayText.h"

#include <QtTest>

using namespace lockscope;

// Lock names on a terminal (issue 42): text that is UTF-8 shown as text, only what would not
// show as itself escaped, and columns counted as the terminal draws them.
class tst_DisplayText : public QObject
{
    Q_OBJECT

private slots:
    void validUtf8IsShownAsText()
    {
        QCOMPARE(DisplayText::escaped("锁:東京:café"), std::string("锁:東京:café"));
        QCOMPARE(DisplayText::escaped("🔒 orders"), std::string("🔒 orders"));
    }

    void invalidBytesAndControlCharactersAreEscaped()
    {
        QCOMPARE(DisplayText::escaped(std::string("a\xff"
                                                  "b",
                     3)),
            std::string("a\\xffb"));
        QCOMPARE(DisplayText::escaped(std::string("x\0y\n\t\x1b", 6)), std::string("x\\x00y\\n\\t\\x1b"));
        QCOMPARE(DisplayText::escaped("\xc2\x9b"
                                      "1m"),
            std::string("\\xc2\\x9b1m")); // C1 CSI: a terminal would act on it
        QCOMPARE(DisplayText::escaped("\xe6\x9d"), std::string("\\xe6\\x9d")); // a cut-off character
    }

    void longNamesAreCutOnACharacterBoundary()
    {
        QCOMPARE(DisplayText::escaped("東京東京", 4), std::string("東京...")); // never half a character
    }

    void columnsAreCountedAsTheTerminalDrawsThem()
    {
        QCOMPARE(DisplayText::width("orders"), size_t(6));
        QCOMPARE(DisplayText::width("東京"), size_t(4));
        QCOMPARE(DisplayText::width("café"), size_t(4));
        QCOMPARE(DisplayText::width("e\xcc\x81"), size_t(1)); // e + combining acute
        QCOMPARE(DisplayText::padded("東京", 6), std::string("東京  "));
        QCOMPARE(DisplayText::padded("orders", 3), std::string("orders"));
    }
};

QTEST_GUILESS_MAIN(tst_DisplayText)
#include "tst_DisplayText.moc"
