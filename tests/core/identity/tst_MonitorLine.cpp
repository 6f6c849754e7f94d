#include "identity/CommandSample.h"
#include "identity/IdentityLedger.h"
#include "identity/MonitorLine.h"

#include <QtTest>

using namespace lockscope;

// (No raw string literals in this file: Qt 6.4's moc stops reading the class after one.)
namespace {

// The Redisson watchdog's renewal as a MONITOR line shows it.
const std::string renewal = "1700000000.123456 [0 10.0.0.5:51234] \"EVAL\" \"if (redis.call('hexists', "
                            "KEYS[1], ARGV[2]) == 1) then return 1; end; return 0;\" \"1\" "
                            "\"report:nightly\" \"30000\" \"22bc724a-4adb-48e6-9145-5cc0ae2771aa:88\"";

bool anyKey(std::string_view)
{
    return true;
}

} // namespace

class tst_MonitorLine : public QObject
{
    Q_OBJECT

private slots:
    void readsTheTimeTheClientAndEveryArgument()
    {
        const auto line = MonitorLine::parse(renewal);
        QVERIFY(line);
        QCOMPARE(line->epochMs(), 1700000000123LL);
        QCOMPARE(line->db, 0LL);
        QCOMPARE(std::string(line->address()), std::string("10.0.0.5:51234"));
        QCOMPARE(line->args.size(), size_t(6));
        QCOMPARE(line->args[3], std::string("report:nightly"));
        QCOMPARE(line->args[5], std::string("22bc724a-4adb-48e6-9145-5cc0ae2771aa:88"));
    }

    void decodesEveryEscapeTheServerWrites()
    {
        const auto line = MonitorLine::parse(
            "1.000000 [3 [::1]:6000] \"SET\" \"a\\\"b\\\\c\\n\\r\\t\\a\\b\\x00\\xff\\xc3\" \"NX\"");
        QVERIFY(line);
        QCOMPARE(std::string(line->address()), std::string("[::1]:6000"));
        QCOMPARE(line->args[1], std::string("a\"b\\c\n\r\t\a\b\0\xff\xc3", 13));
        QCOMPARE(line->format(),
            std::string(
                "1.000000 [3 [::1]:6000] \"SET\" \"a\\\"b\\\\c\\n\\r\\t\\a\\b\\x00\\xff\\xc3\" \"NX\""));
    }

    void formatsBinaryArgumentsBackToTheSameLine()
    {
        MonitorLine line;
        line.seconds = "1700000000";
        line.micros = "000001";
        line.client = "127.0.0.1:1";
        line.args = {"SET", std::string("\0\x01\x7f\x80\xfe\" \\", 8), "\xe4\xb8\xad"};
        QCOMPARE(MonitorLine::parse(line.format()), std::optional<MonitorLine>(line));
    }

    void refusesACutLineAnUnknownEscapeOrARawControlByte()
    {
        QVERIFY(!MonitorLine::parse(renewal.substr(0, renewal.size() - 1))); // no closing quote
        QVERIFY(!MonitorLine::parse("1.000000 [0 1.2.3.4:5] \"GET\" \"a\\qb\""));
        QVERIFY(!MonitorLine::parse("1.000000 [0 1.2.3.4:5] \"GET\" \"a\\x4\""));
        QVERIFY(!MonitorLine::parse("1.000000 [0 1.2.3.4:5] \"GET\" \"a\\xFF\"")); // upper-case hex
        QVERIFY(!MonitorLine::parse("1.000000 [0 1.2.3.4:5] \"GET\" \"a\\x41\"")); // 'A' is written as itself
        QVERIFY(!MonitorLine::parse(std::string("1.000000 [0 1.2.3.4:5] \"GET\" \"a\tb\"")));
        QVERIFY(!MonitorLine::parse("1.000000 [0 1.2.3.4:5] \"GET\" \"a\" ")); // trailing space
        QVERIFY(!MonitorLine::parse("1.000000 [0 1.2.3.4:5] \"GET\"\"a\""));
        QVERIFY(!MonitorLine::parse("1.00000 [0 1.2.3.4:5] \"GET\"")); // five digits of microseconds
        QVERIFY(!MonitorLine::parse("1.000000 [0 1.2.3.4:5]")); // no command
        QVERIFY(!MonitorLine::parse(""));
    }

    void aLineCutAfterAnArgumentKeepsItsClientAndTheArgumentsBefore()
    {
        const size_t cut = renewal.rfind(" \"");
        const auto line = MonitorLine::parse(renewal.substr(0, cut));
        QVERIFY(line);
        QCOMPARE(std::string(line->address()), std::string("10.0.0.5:51234"));
        QCOMPARE(line->args.size(), size_t(5));
    }

    void aScriptsOwnCommandsAndUnixSocketsNameNoConnection()
    {
        QVERIFY(MonitorLine::parse("1.000000 [0 lua] \"pexpire\" \"lock:a\" \"30000\"")->address().empty());
        QVERIFY(
            MonitorLine::parse("1.000000 [0 unix:/run/redis.sock] \"GET\" \"lock:a\"")->address().empty());
    }

    void aSampleCreditsTheHolderValueAndTheClientUuidToTheLinesConnection()
    {
        IdentityLedger ledger;
        QVERIFY(CommandSample::take(*MonitorLine::parse(renewal), anyKey, ledger));
        const Sighting* seen = ledger.valueOn("22bc724a-4adb-48e6-9145-5cc0ae2771aa:88", {"report:nightly"});
        QVERIFY(seen);
        QCOMPARE(seen->addr, std::string("10.0.0.5:51234"));
        QCOMPARE(ledger.client("22bc724a-4adb-48e6-9145-5cc0ae2771aa")->addr, std::string("10.0.0.5:51234"));
        // Not the script, its key count or the lease: nothing a holder is.
        QVERIFY(!ledger.valueOn("30000", {"report:nightly"}));
        QVERIFY(!ledger.valueOn("1", {"report:nightly"}));
    }

    void aLineOnNoLockKeyIsDroppedWhole()
    {
        IdentityLedger ledger;
        const auto session = MonitorLine::parse(
            "1.000000 [0 10.0.0.9:4000] \"SET\" \"session:42\" \"alice@example.com-secret-token\"");
        QVERIFY(!CommandSample::take(
            *session, [](std::string_view key) { return key.starts_with("lock:"); }, ledger));
        QCOMPARE(ledger.size(), size_t(0));
    }

    void aValueIsCreditedOnlyOnTheKeysItWasSentWith()
    {
        IdentityLedger ledger;
        QVERIFY(CommandSample::take(
            *MonitorLine::parse(
                "1.000000 [0 10.0.0.5:1] \"SET\" \"lock:a\" \"0123456789abcdef\" \"NX\" \"PX\" \"30000\""),
            anyKey, ledger));
        QVERIFY(ledger.valueOn("0123456789abcdef", {"lock:a"}));
        QVERIFY(!ledger.valueOn("0123456789abcdef", {"lock:b"}));
    }
};

QTEST_APPLESS_MAIN(tst_MonitorLine)
#include "tst_MonitorLine.moc"
