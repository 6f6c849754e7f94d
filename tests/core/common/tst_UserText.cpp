#include "common/UserText.h"

#include <QtTest>

using namespace lockscope;

// A UserText is what the core says to people: the CLI prints its English, the GUI translates
// its template and arguments (tests/ui/common/tst_CoreTextTranslations).
class tst_UserText : public QObject
{
    Q_OBJECT

private slots:
    void englishPutsTheArgumentsIntoTheTemplate()
    {
        const UserText text(LOCKSCOPE_TEXT("Test", "%1 client(s) wait on %2"), 3, std::string("orders"));
        QCOMPARE(text.english(), std::string("3 client(s) wait on orders"));
        QCOMPARE(text.context(), std::string_view("Test"));
        QCOMPARE(text.pattern(), std::string_view("%1 client(s) wait on %2"));
        QCOMPARE(text.arguments().size(), size_t(2));
    }

    void argumentsMayComeInAnyOrderOfTheTemplate()
    {
        const UserText text(LOCKSCOPE_TEXT("Test", "%2 before %1"), "a", "b");
        QCOMPARE(text.english(), std::string("b before a"));
    }

    void anArgumentThatLooksLikeAPlaceholderStaysAsItIs()
    {
        // A key named "%2" must not pull in the second argument.
        const UserText text(LOCKSCOPE_TEXT("Test", "key %1 on %2"), "%2", "node");
        QCOMPARE(text.english(), std::string("key %2 on node"));
    }

    void aPercentSignWithoutAnArgumentIsKept()
    {
        const UserText text(LOCKSCOPE_TEXT("Test", "G took %1% of them, %3 is not given"), 40);
        QCOMPARE(text.english(), std::string("G took 40% of them, %3 is not given"));
    }

    void nestedTextsAreSpelledOutInside()
    {
        const UserText inner(LOCKSCOPE_TEXT("Test", "held by %1"), "C1");
        const UserText outer(
            LOCKSCOPE_TEXT("Test", "%1; %2"), inner, UserText(LOCKSCOPE_TEXT("Test", "stuck")));
        QCOMPARE(outer.english(), std::string("held by C1; stuck"));
        QVERIFY(!outer.arguments()[0].isVerbatim());
    }

    void verbatimTextIsNeverATemplate()
    {
        const UserText text = UserText::verbatim("SETNX lock %1 -> 1");
        QVERIFY(text.isVerbatim());
        QCOMPARE(text.english(), std::string("SETNX lock %1 -> 1"));
        QVERIFY(text.context().empty());
        QVERIFY(UserText().empty());
        QVERIFY(!text.empty());
    }

    void equalTextsHaveTheSameTemplateAndArguments()
    {
        const std::string context = "Test"; // another copy of the literal's characters
        QVERIFY(UserText(LOCKSCOPE_TEXT("Test", "a %1"), 1) == UserText(context.c_str(), "a %1", 1));
        QVERIFY(
            !(UserText(LOCKSCOPE_TEXT("Test", "a %1"), 1) == UserText(LOCKSCOPE_TEXT("Test", "a %1"), 2)));
        QVERIFY(!(UserText(LOCKSCOPE_TEXT("Test", "a 1")) == UserText::verbatim("a 1")));
    }
};

QTEST_GUILESS_MAIN(tst_UserText)
#include "tst_UserText.moc"
