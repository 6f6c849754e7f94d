#include "cli/ExitCode.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <csignal>

using namespace lockscope;
using test::LockFormats;

namespace {
const QString cliPath = QStringLiteral(LOCKSCOPE_CLI_PATH);
}

// The real lockscope-cli between real pipes, files and terminals (issue 42): a closed pipe ends
// `watch` at once, an output error is an exit code, prompts need a terminal, colour only on one.
class tst_CliStreams : public test::RedisTestCase
{
    Q_OBJECT

    QString url() const { return QString::fromStdString(m_server->url()); }

    // `command` run by bash (pipefail: the pipeline fails as its first program does).
    struct Ran
    {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };
    Ran shell(const QString& command, const QStringList& environment = {})
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("NO_COLOR");
        for (const auto& pair : environment)
            env.insert(pair.section('=', 0, 0), pair.section('=', 1));
        env.insert("CLI", cliPath);
        env.insert("URL", url());
        process.setProcessEnvironment(env);
        process.start("bash", {"-o", "pipefail", "-c", command});
        process.closeWriteChannel();
        Ran ran;
        if (!process.waitForFinished(60000))
            return ran;
        ran.code = process.exitCode();
        ran.out = process.readAllStandardOutput();
        ran.err = process.readAllStandardError();
        return ran;
    }

private slots:
    void init() { QVERIFY(m_redis->command({"FLUSHALL"}).ok()); }

    void watchIntoHeadEndsOnceHeadHasItsLine()
    {
        QProcess pipeline;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CLI", cliPath);
        env.insert("URL", url());
        pipeline.setProcessEnvironment(env);
        pipeline.start(
            "bash", {"-o", "pipefail", "-c", "\"$CLI\" --url \"$URL\" watch --poll 100 | head -1"});
        QVERIFY(pipeline.waitForStarted());
        // Changes until head has printed one line; then none: watch must notice the closed pipe
        // by itself, not at a next write that never comes.
        int round = 0;
        while (pipeline.state() == QProcess::Running && !pipeline.canReadLine() && round < 400) {
            QVERIFY(m_redis
                        ->command({"SET", "lock:head-" + std::to_string(round++),
                            LockFormats::randomAlnum(20), "PX", "60000"})
                        .ok());
            pipeline.waitForReadyRead(100);
        }
        QVERIFY2(pipeline.canReadLine() || pipeline.state() != QProcess::Running, "no line came");
        QVERIFY2(pipeline.waitForFinished(30000), "watch went on after head had left");
        QCOMPARE(pipeline.exitCode(), 128 + SIGPIPE);
        const QByteArray out = pipeline.readAllStandardOutput();
        QCOMPARE(out.count('\n'), 1);
        QVERIFY2(out.contains(" appeared lock:head-"), out.constData());
        QVERIFY2(pipeline.readAllStandardError().indexOf("cannot write") < 0,
            "a closed pipe is no error to report");
    }

    void aFullDiskIsAnExitCodeNotSilence()
    {
        auto ran = shell("\"$CLI\" --url \"$URL\" list > /dev/full");
        QCOMPARE(ran.code, int(ExitIoError));
        QVERIFY2(ran.err.contains("cannot write the output: No space left on device"), ran.err.constData());
    }

    void releaseWithoutATerminalAsksForYes()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto ran = shell("\"$CLI\" --url \"$URL\" release orders --force < /dev/null");
        QCOMPARE(ran.code, int(ExitUsage));
        QVERIFY2(ran.err.contains("pass --yes"), ran.err.constData());
        QVERIFY(ran.out.isEmpty()); // no prompt nobody can answer
        QCOMPARE(m_redis->command({"EXISTS", "orders"})->integer(), 1LL);
    }

    void colourOnlyOnATerminalAndNeverWithNoColor()
    {
        // A legacy SETNX lock whose timestamp passed long ago, without a TTL: stuck.
        const long long past = LockFormats::serverNowMs(*m_redis) / 1000 - 100;
        QVERIFY(m_redis->command({"SET", "lock.stale", std::to_string(past)}).ok());
        const QString red = "\033[1;31myes";
        // script(1) gives the program a terminal of its own.
        auto onTerminal = shell("script -qec '\"$CLI\" --url \"$URL\" list' /dev/null");
        QCOMPARE(onTerminal.code, 0);
        QVERIFY2(onTerminal.out.contains(red.toUtf8()), onTerminal.out.constData());
        auto noColor = shell("script -qec '\"$CLI\" --url \"$URL\" list' /dev/null", {"NO_COLOR=1"});
        QVERIFY2(!noColor.out.contains("\033["), noColor.out.constData());
        QVERIFY2(noColor.out.contains("yes"), noColor.out.constData());
        auto piped = shell("\"$CLI\" --url \"$URL\" list | cat");
        QVERIFY2(!piped.out.contains("\033[") && piped.out.contains("yes"), piped.out.constData());
    }

    void progressOnlyWhenStderrIsATerminalAndNotWithQuiet()
    {
        const QString stress
            = "\"$CLI\" --url \"$URL\" %1 stress --kind legacy --clients 2 --duration 1.5 --prefix t:";
        auto onTerminal = shell("script -qec '" + stress.arg("") + "' /dev/null");
        QCOMPARE(onTerminal.code, 0);
        QVERIFY2(onTerminal.out.contains(" s] ") && onTerminal.out.contains(" acquisitions, "),
            onTerminal.out.constData());
        auto quiet = shell("script -qec '" + stress.arg("--quiet") + "' /dev/null");
        QCOMPARE(quiet.code, 0);
        QVERIFY2(!quiet.out.contains(" acquisitions, ") && quiet.out.contains("fairness (Jain)"),
            quiet.out.constData());
        auto logged = shell(stress.arg("") + " 2> >(cat >&2)");
        QVERIFY2(!logged.err.contains(" acquisitions, "), logged.err.constData());
    }
};

QTEST_GUILESS_MAIN(tst_CliStreams)
#include "tst_CliStreams.moc"
