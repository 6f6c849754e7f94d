#include "redis/ReplyReader.h"

#include <QtTest>

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

    void reportsGarbageAsAProtocolError()
    {
        ReplyReader reader({});
        QVERIFY(reader.feed("?what\r\n", 7).ok());
        auto next = reader.next();
        QVERIFY(!next.ok());
        QVERIFY(next.error().kind == ErrorKind::Protocol);
    }

    void describeEscapesControlBytes()
    {
        QCOMPARE(
            RedisReply::string(std::string("a\0\n\xff", 4)).describe(), std::string("\"a\\x00\\n\\xff\""));
    }
};

QTEST_GUILESS_MAIN(tst_ReplyReader)
#include "tst_ReplyReader.moc"
