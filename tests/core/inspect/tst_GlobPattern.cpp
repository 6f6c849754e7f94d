#include "inspect/scan/GlobPattern.h"

#include <QtTest>

using namespace lockscope;

class tst_GlobPattern : public QObject
{
    Q_OBJECT

private slots:
    void starMatchesAnyRun()
    {
        QVERIFY(GlobPattern("locks:*").matches("locks:a:b"));
        QVERIFY(GlobPattern("*lock*").matches("my.lock.x"));
        QVERIFY(!GlobPattern("locks:*").matches("lock:a"));
    }

    void questionMarkAndClasses()
    {
        QVERIFY(GlobPattern("l?ck").matches("lock"));
        QVERIFY(GlobPattern("job[0-9]").matches("job7"));
        QVERIFY(!GlobPattern("job[^0-9]").matches("job7"));
        QVERIFY(GlobPattern("a[bc]d").matches("acd"));
    }

    void backslashEscapes()
    {
        QVERIFY(GlobPattern("a\\*b").matches("a*b"));
        QVERIFY(!GlobPattern("a\\*b").matches("axb"));
    }

    void binaryBytesMatch() { QVERIFY(GlobPattern("x*").matches(std::string("x\0\xff", 3))); }

    void aLiteralMatchesOnlyItsText()
    {
        const std::string text = "a*b?[c]\\{42}";
        const GlobPattern literal(GlobPattern::literal(text));
        QVERIFY(literal.matches(text));
        QVERIFY(!literal.matches("aXb?[c]\\{42}"));
        QVERIFY(!literal.matches("a*bX[c]\\{42}"));
        QVERIFY(!literal.matches("a*b?c\\{42}"));
        QVERIFY(GlobPattern("*" + GlobPattern::literal("reports:monthly") + "*")
                    .matches("laravel_cache:reports:monthly"));
    }
};

QTEST_GUILESS_MAIN(tst_GlobPattern)
#include "tst_GlobPattern.moc"
