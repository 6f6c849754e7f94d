#include "cli/CommandLine.h"
#include "cli/ExitCode.h"
#include "support/CliRun.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace lockscope;
using test::CliRun;
using test::runCli;

// The command line as people type it (issue 42): help per command, --opt=value, the global
// options on either side of the command, short forms, one-line usage errors, the environment.
class tst_CliCommandLine : public test::RedisTestCase
{
    Q_OBJECT
    std::unique_ptr<RedisServerProcess> m_aclServer;

    void initSuite() override
    {
        m_aclServer = test::startServer(test::aclWithOnlyUser("ops", "opspw"));
        QVERIFY(m_aclServer);
    }

    static void isOneUsageLine(const CliRun& run, const QString& naming, const QString& command)
    {
        QCOMPARE(run.code, int(ExitUsage));
        QVERIFY2(run.out.isEmpty(), qPrintable(run.out));
        QVERIFY2(run.err.count('\n') == 1 && run.err.endsWith('\n'), qPrintable(run.err));
        QVERIFY2(run.err.contains(naming), qPrintable(run.err));
        const QString see
            = command.isEmpty() ? "see lockscope-cli --help" : "see lockscope-cli " + command + " --help";
        QVERIFY2(run.err.contains(see), qPrintable(run.err));
    }

private slots:
    void aCommandsHelpShowsItsOptionsAndExamples()
    {
        auto run = runCli({"list", "--help"});
        QCOMPARE(run.code, int(ExitOk));
        QVERIFY2(run.out.startsWith("usage: lockscope-cli list"), qPrintable(run.out));
        QVERIFY2(run.out.contains("--lock-pattern GLOB") && run.out.contains("--no-possible"),
            qPrintable(run.out));
        QVERIFY2(run.out.contains("\nexamples:\n  lockscope-cli list\n"), qPrintable(run.out));
        QVERIFY2(
            run.out.contains("\n  lockscope-cli list --pattern 'orders:*' --json\n"), qPrintable(run.out));
        QVERIFY2(!run.out.contains("--clients"), qPrintable(run.out)); // stress's, not list's
    }

    void helpCommandIsTheCommandsHelp()
    {
        auto asked = runCli({"help", "lock"});
        QCOMPARE(asked.code, int(ExitOk));
        QCOMPARE(asked.out, runCli({"lock", "-h"}).out);
        QVERIFY2(asked.out.contains("--conflict-exit-code"), qPrintable(asked.out));
        isOneUsageLine(runCli({"help", "frobnicate"}), "no command 'frobnicate'", "");
    }

    void theHelpNeedsNoOtherArguments()
    {
        // extend's --ttl and NAME are required, but not to read about them.
        auto run = runCli({"extend", "--help"});
        QCOMPARE(run.code, int(ExitOk));
        QVERIFY2(run.out.contains("--ttl MS"), qPrintable(run.out));
    }

    void pingPrintsJsonWhenAsked()
    {
        auto run = runCli({"ping", "--json", "--url", m_server->url()});
        QCOMPARE(run.code, int(ExitOk));
        const auto ping = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QVERIFY2(
            ping["server"].toString().endsWith(":" + QString::number(m_server->port())), qPrintable(run.out));
        QCOMPARE(ping["topology"].toString(), QString("standalone"));
        QVERIFY(ping["round_trip_ms"].toDouble() > 0);
    }

    void globalOptionsGoBeforeOrAfterTheCommand()
    {
        QCOMPARE(runCli({"--url", m_server->url(), "ping"}).code, int(ExitOk));
        auto after = runCli({"ping", "--url", m_server->url()});
        QCOMPARE(after.code, int(ExitOk));
        QVERIFY(after.out.contains(QString::number(m_server->port())));
    }

    void optionsTakeTheirValueAfterAnEqualsSign()
    {
        auto run = runCli({"ping", "--url=" + m_server->url()});
        QCOMPARE(run.code, int(ExitOk));
        isOneUsageLine(runCli({"ping", "--connect-timeout=soon"}), "--connect-timeout", "ping");
    }

    void shortFormsOfTheMostTypedFlags()
    {
        auto run = runCli({"-u", m_server->url(), "list", "-j"});
        QCOMPARE(run.code, int(ExitOk));
        QVERIFY2(run.out.startsWith("["), qPrintable(run.out));
        QVERIFY2(runCli({"-V"}).out.startsWith("lockscope-cli "), "-V prints the version");
    }

    void anUnknownOptionIsOneLineNamingIt()
    {
        isOneUsageLine(
            runCli({"--url", m_server->url(), "list", "--bogus"}), "unknown option '--bogus'", "list");
        isOneUsageLine(runCli({"--frobnicate", "ping"}), "unknown option '--frobnicate'", "ping");
        isOneUsageLine(runCli({"frobnicate"}), "unknown command 'frobnicate'", "");
        isOneUsageLine(runCli({}), "no command given", "");
    }

    void aMissingOrBadValueNamesTheFlag()
    {
        isOneUsageLine(runCli({"list", "--pattern"}), "--pattern needs a value", "list");
        isOneUsageLine(runCli({"stress", "--clients", "0"}), "--clients: expects a number from 1", "stress");
        isOneUsageLine(runCli({"history", "--top", "longest"}),
            "--top: expects one of held, contended, expired", "history");
        isOneUsageLine(
            runCli({"lock", "--kind", "nope", "x", "--", "true"}), "unknown lock kind 'nope'", "lock");
    }

    void aCommandsOwnFlagWinsOverTheGlobalOneOfTheSameName()
    {
        // history --profile names the history to read, not a server to add (which would be refused).
        auto run = runCli({"history", "x", "--profile", "nosuch", "--db", "/nonexistent/dir/h.sqlite"});
        QVERIFY2(!run.err.contains("profile"), qPrintable(run.err));
    }

    void onlyLockTakesACommandAfterDashes()
    {
        isOneUsageLine(runCli({"ping", "--", "true"}), "only lock takes", "ping");
        isOneUsageLine(runCli({"lock", "job"}), "needs a COMMAND after --", "lock");
    }

    void theUrlComesFromLockscopeUrlThenRedisUrl()
    {
        auto fromRedisUrl = runCli({"ping"}, {{"REDIS_URL", m_server->url()}});
        QCOMPARE(fromRedisUrl.code, int(ExitOk));
        QVERIFY(fromRedisUrl.out.contains(QString::number(m_server->port())));
        // LOCKSCOPE_URL first: here a server that is not there.
        auto both
            = runCli({"ping"}, {{"REDIS_URL", m_server->url()}, {"LOCKSCOPE_URL", "redis://127.0.0.1:1"}});
        QCOMPARE(both.code, int(ExitUnavailable));
    }

    void theRedisCliPasswordVariableIsHonoured()
    {
        const std::string url = "redis://ops@127.0.0.1:" + std::to_string(m_aclServer->port());
        QCOMPARE(runCli({"--url", url, "ping"}, {{"REDISCLI_AUTH", "opspw"}}).code, int(ExitOk));
        QCOMPARE(runCli({"--url", url, "ping"}).code, int(ExitNoPermission));
    }

    void everyExitCodeIsDocumentedAndNoOther()
    {
        const QString help = runCli({"--help"}).out;
        const auto at = help.indexOf("\nexit status:\n");
        QVERIFY(at >= 0);
        const QString table = help.mid(at, help.indexOf("\nenvironment:") - at);
        for (int code : {int(ExitOk), int(ExitNotDone), int(ExitUsage), int(ExitDataError),
                 int(ExitSomeUnavailable), int(ExitUnavailable), int(ExitSoftware), int(ExitIoError),
                 int(ExitTempFail), int(ExitProtocol), int(ExitNoPermission)})
            QVERIFY2(
                table.contains(QRegularExpression("\n  " + QString::number(code) + " ")), qPrintable(table));
        QVERIFY2(table.contains("128+N"), qPrintable(table));
        QVERIFY2(!table.contains("\n  78 "), qPrintable(table)); // never returned
    }

    void theEnvironmentIsDocumented()
    {
        const QString help = runCli({"--help"}).out;
        for (const char* variable : {"LOCKSCOPE_URL", "REDIS_URL", "REDISCLI_AUTH", "LOCKSCOPE_AUDIT_LOG"})
            QVERIFY2(help.contains(QString("\n  ") + variable), variable);
    }
};

QTEST_GUILESS_MAIN(tst_CliCommandLine)
#include "tst_CliCommandLine.moc"
