#include "inspect/HoldersText.h"

#include <QtTest>

using namespace lockscope;

namespace {

LockHolder holder(std::string owner, long long count = 1, HolderMode mode = HolderMode::Exclusive)
{
    LockHolder made;
    made.owner = std::move(owner);
    made.count = count;
    made.mode = mode;
    return made;
}

} // namespace

class tst_HoldersText : public QObject
{
    Q_OBJECT

private slots:
    void eachHolderIsItsOwnerItsReentriesAndItsModeUnlessExclusive()
    {
        const std::vector<LockHolder> holders {holder("a1:7", 3), holder("reader-1", 1, HolderMode::Read),
            holder("reader-2", 2, HolderMode::Read)};
        QCOMPARE(HoldersText().of(holders), std::string("a1:7 x3, reader-1 (read), reader-2 x2 (read)"));
    }

    void aWaitingWriterIsSaidToWait()
    {
        QCOMPARE(HoldersText().of({holder("WEB_1_ab", 1, HolderMode::WaitingWriter)}),
            std::string("WEB_1_ab (waiting)"));
    }

    void ownersAreEscapedAndCutWhereAskedSoRawBytesNeverReachAScreen()
    {
        HoldersText text;
        text.ownerBytes = 4;
        QCOMPARE(text.of({holder(std::string("ab\x1b\0cdef", 8))}), std::string("ab\\x1b\\x00..."));
    }

    void aColumnShowsTheFirstHoldersAndCountsTheRest()
    {
        HoldersText text;
        text.shown = 1;
        QCOMPARE(text.of({holder("p1", 1, HolderMode::Permit), holder("p2", 1, HolderMode::Permit),
                     holder("p3", 1, HolderMode::Permit)}),
            std::string("p1 (permit) +2 more"));
    }

    void noHolderIsTheTextTheCallerNames()
    {
        QCOMPARE(HoldersText().of({}), std::string("-"));
        HoldersText text;
        text.nobody = "nobody";
        QCOMPARE(text.of({}), std::string("nobody"));
    }

    void theGuiGivesTheModesWordsInItsLanguage()
    {
        HoldersText text;
        text.modeName = [](HolderMode mode) { return mode == HolderMode::Write ? std::string("写") : "?"; };
        QCOMPARE(text.of({holder("w", 1, HolderMode::Write)}), std::string("w (写)"));
    }

    void theHistoryStoresTheRawOwnersOneALine()
    {
        const std::string raw("\xff\x01owner", 7);
        QCOMPARE(HoldersText::stored().of({holder(raw, 2, HolderMode::Read), holder("b")}), raw + "\nb");
        QCOMPARE(HoldersText::stored().of({}), std::string());
    }
};

QTEST_APPLESS_MAIN(tst_HoldersText)
#include "tst_HoldersText.moc"
