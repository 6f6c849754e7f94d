#include "redis/ReplyReader.h"
#include "redis/SimpleReplyScanner.h"

#include <QtTest>

#include <cstring>

#include <string>
#include <vector>

using namespace lockscope;

namespace {
RedisReply readOne(ReplyReader& reader, std::string_view bytes)
{
    auto fed = reader.feed(bytes.data(), bytes.size());
    if (!fed)
        return RedisReply::error("feed failed");
    auto next = reader.next();
    if (!next || !next->has_value())
        return RedisReply::error(next ? "incomplete" : next.error().message);
    return std::move(**next);
}
// Every reply `reader` can give after `bytes` arrive in pieces of `piece` bytes, described.
std::vector<std::string> readAll(ReplyReader& reader, std::string_view bytes, size_t piece)
{
    std::vector<std::string> replies;
    for (size_t at = 0; at < bytes.size(); at += piece) {
        const auto part = bytes.substr(at, piece);
        if (!reader.feed(part.data(), part.size()))
            return {"feed failed"};
        for (;;) {
            auto next = reader.next();
            if (!next)
                return {"error: " + next.error().message};
            if (!next->has_value())
                break;
            replies.push_back((*next)->describe());
        }
    }
    return replies;
}
} // namespace

class tst_ReplyReader : public QObject
{
    Q_OBJECT
private slots:
    void parsesNestedArraysOfEveryType()
    {
        ReplyReader reader({});
        auto reply = readOne(reader, "*4\r\n$3\r\nabc\r\n:42\r\n*2\r\n+OK\r\n$-1\r\n-ERR bad\r\n");
        QVERIFY(reply.isArray());
        QCOMPARE(reply.size(), size_t(4));
        QCOMPARE(reply.at(0).text(), std::string("abc"));
        QCOMPARE(reply.at(1).integer(), 42LL);
        QVERIFY(reply.at(2).at(0).isStatus());
        QVERIFY(reply.at(2).at(1).isNil());
        QVERIFY(reply.at(3).isError());
    }

    void keepsNulAndInvalidUtf8Bytes()
    {
        ReplyReader reader({});
        auto reply = readOne(reader, std::string_view("$4\r\na\0\xff\x80\r\n", 10));
        QVERIFY(reply.isString());
        QCOMPARE(reply.text(), std::string("a\0\xff\x80", 4));
    }

    void waitsForTheRestOfASplitReply()
    {
        ReplyReader reader({});
        QVERIFY(reader.feed("$5\r\nhel", 7).ok());
        auto partial = reader.next();
        QVERIFY(partial.ok() && !partial->has_value());
        QVERIFY(reader.feed("lo\r\n", 4).ok());
        auto whole = reader.next();
        QVERIFY(whole.ok() && whole->has_value());
        QCOMPARE((*whole)->text(), std::string("hello"));
    }

    void refusesAnArrayWithMoreElementsThanAllowed()
    {
        ReplyLimits limits;
        limits.maxElements = 1000;
        ReplyReader reader(limits);
        const std::string huge = "*2000000000\r\n";
        QVERIFY(reader.feed(huge.data(), huge.size()).ok());
        auto next = reader.next();
        QVERIFY(!next.ok());
        QVERIFY(next.error().kind == ErrorKind::ReplyTooLarge);
    }

    void refusesAStringLongerThanTheByteLimitBeforeBufferingItAll()
    {
        ReplyLimits limits;
        limits.maxReplyBytes = 1024;
        ReplyReader reader(limits);
        const std::string header = "$500000000\r\n";
        QVERIFY(reader.feed(header.data(), header.size()).ok());
        const std::string chunk(2048, 'x');
        QVERIFY(reader.feed(chunk.data(), chunk.size()).ok());
        auto next = reader.next();
        QVERIFY(!next.ok());
        QVERIFY(next.error().kind == ErrorKind::ReplyTooLarge);
    }

    void refusesManySmallElementsAddingUpPastTheByteLimit()
    {
        ReplyLimits limits;
        limits.maxReplyBytes = 4096;
        ReplyReader reader(limits);
        std::string reply = "*1000\r\n";
        for (int i = 0; i < 1000; ++i)
            reply += "$10\r\n0123456789\r\n";
        QVERIFY(reader.feed(reply.data(), reply.size()).ok());
        auto next = reader.next();
        QVERIFY(!next.ok());
        QVERIFY(next.error().kind == ErrorKind::ReplyTooLarge);
    }

    void readsATransactionsRepliesWholeAndInOrder()
    {
        // A fenced token acquire: MULTI, SET NX PX, INCR, EXEC, all in one packet.
        ReplyReader reader({});
        const std::string bytes = "+OK\r\n+QUEUED\r\n+QUEUED\r\n*2\r\n$-1\r\n:17\r\n";
        QCOMPARE(readAll(reader, bytes, bytes.size()),
            (std::vector<std::string> {"OK", "QUEUED", "QUEUED", "[(nil), (integer) 17]"}));
    }

    void refusesAShortArrayWhoseElementsAddUpPastTheByteLimit()
    {
        ReplyLimits limits;
        limits.maxReplyBytes = 1024;
        ReplyReader reader(limits);
        std::string reply = "*8\r\n";
        for (int i = 0; i < 8; ++i)
            reply += "$100\r\n" + std::string(100, 'x') + "\r\n";
        QVERIFY(reader.feed(reply.data(), reply.size()).ok());
        auto next = reader.next();
        QVERIFY(!next.ok());
        QVERIFY(next.error().kind == ErrorKind::ReplyTooLarge);
    }

    void reportsGarbageInsideAnArrayAsAProtocolError()
    {
        ReplyReader reader({});
        // The length from the text: a hand-counted 18 read past its end (ASan, issue 15).
        const std::string_view garbage = "*2\r\n:1\r\n?what\r\n";
        QVERIFY(reader.feed(garbage.data(), garbage.size()).ok());
        auto next = reader.next();
        QVERIFY(!next.ok());
        QVERIFY(next.error().kind == ErrorKind::Protocol);
    }

    void reportsGarbageAsAProtocolError()
    {
        ReplyReader reader({});
        QVERIFY(reader.feed("?what\r\n", 7).ok());
        auto next = reader.next();
        QVERIFY(!next.ok());
        QVERIFY(next.error().kind == ErrorKind::Protocol);
    }

    void readsTheSameRepliesHoweverTheStreamIsCut()
    {
        // Simple replies are read without hiredis while it is idle, arrays with it: the cut
        // between the two paths must never change a reply or its order.
        using namespace std::string_literals;
        const std::string stream = "+OK\r\n:42\r\n-ERR no\r\n$-1\r\n$4\r\na\r\n\0\r\n"s
            + "*3\r\n+QUEUED\r\n:-7\r\n$0\r\n\r\n:1\r\n*-1\r\n+PONG\r\n$5\r\nhello\r\n"
            + "*2\r\n*1\r\n:3\r\n$2\r\nhi\r\n*0\r\n*2\r\n+OK\r\n:9\r\n";
        const std::vector<std::string> expected {"OK", "(integer) 42", "(error) ERR no", "(nil)",
            "\"a\\r\\n\\x00\"", "[QUEUED, (integer) -7, \"\"]", "(integer) 1", "(nil)", "PONG", "\"hello\"",
            "[[(integer) 3], \"hi\"]", "[]", "[OK, (integer) 9]"};
        ReplyReader whole({});
        QCOMPARE(readAll(whole, stream, stream.size()), expected);
        for (size_t piece = 1; piece < stream.size(); ++piece) {
            ReplyReader reader({});
            QCOMPARE(readAll(reader, stream, piece), expected);
        }
    }

    void refusesAStatusLineLongerThanTheByteLimitBeforeItEnds()
    {
        ReplyLimits limits;
        limits.maxReplyBytes = 1024;
        ReplyReader reader(limits);
        const std::string line = "+" + std::string(SimpleReplyScanner::mostBufferedBytes(limits), 'x');
        QVERIFY(reader.feed(line.data(), line.size()).ok());
        auto next = reader.next();
        QVERIFY(!next.ok());
        QVERIFY(next.error().kind == ErrorKind::ReplyTooLarge);
    }

    void refusesABulkStringLongerThanTheByteLimitFromItsHeader()
    {
        ReplyLimits limits;
        limits.maxReplyBytes = 1024;
        ReplyReader reader(limits);
        QVERIFY(reader.feed("$2048\r\n", 7).ok());
        auto next = reader.next();
        QVERIFY(!next.ok());
        QVERIFY(next.error().kind == ErrorKind::ReplyTooLarge);
    }

    void acceptsRepliesWithinTheByteLimitHoweverTheyAreCut()
    {
        // Found by fuzz_ReplyReader: the framing and digits of a reply that arrived in pieces
        // were counted against the byte limit, so ":1" (two bytes) broke the stream under a
        // one-byte limit that the whole ":1\r\n" (no text at all) passes.
        ReplyLimits limits;
        limits.maxReplyBytes = 5;
        const std::string stream = ":12345\r\n$5\r\nhello\r\n+ab\r\n$-1\r\n";
        ReplyReader whole(limits);
        const auto expected = readAll(whole, stream, stream.size());
        QCOMPARE(expected.size(), size_t(4));
        for (size_t piece = 1; piece < stream.size(); ++piece) {
            ReplyReader reader(limits);
            QCOMPARE(readAll(reader, stream, piece), expected);
        }
    }

    void refusesNumbersHiredisRefusesWhicheverPathReadsThem()
    {
        // Found by fuzz_ReplyReader: "-0" and leading zeros were numbers to the simple-reply
        // scanner but protocol errors to hiredis, so a reply's fate hung on where a cut fell.
        for (const char* reply : {"*-0\r\n", ":007\r\n", "$01\r\na\r\n", ":-0\r\n"}) {
            ReplyReader reader({});
            QVERIFY(reader.feed(reply, std::strlen(reply)).ok());
            auto next = reader.next();
            QVERIFY2(!next.ok(), reply);
            QCOMPARE(next.error().kind, ErrorKind::Protocol);
        }
    }

    void describeEscapesControlBytes()
    {
        QCOMPARE(
            RedisReply::string(std::string("a\0\n\xff", 4)).describe(), std::string("\"a\\x00\\n\\xff\""));
    }
};

QTEST_GUILESS_MAIN(tst_ReplyReader)
#include "tst_ReplyReader.moc"
