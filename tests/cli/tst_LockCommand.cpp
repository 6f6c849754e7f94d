#include "locks/LockKeyNames.h"
#include "locks/TokenLock.h"
#include "locks/primitives/FencingCounter.h"
#include "locks/waiting/WaiterRegistry.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "support/TestServerTraits.h"

#include <QtTest>

#include <csignal>
#include <fstream>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

using test::eventually;

namespace {
const QString cliPath = QStringLiteral(LOCKSCOPE_CLI_PATH);

bool processGone(qint64 pid)
{
    // Gone, or a zombie nobody reaped yet (containers without an init): either way not running.
    QFile stat(QString("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return true;
    const QByteArray text = stat.readAll();
    const int close = text.lastIndexOf(')');
    return close < 0 || text.mid(close + 2, 1) == "Z";
}

} // namespace

class tst_LockCommand : public test::RedisTestCase
{
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_counter = 0;

    std::string freshName() { return "cli-lock-" + std::to_string(++m_counter); }
    QStringList lockArgs(const std::string& name, const QStringList& options, const QStringList& command)
    {
        QStringList args {
            "--url", QString::fromStdString(m_server->url()), "lock", QString::fromStdString(name)};
        args << options << "--" << command;
        return args;
    }
    void start(QProcess& process, const QStringList& args)
    {
        process.setProgram(cliPath);
        process.setArguments(args);
        process.start();
        QVERIFY(process.waitForStarted());
    }
    bool exists(const std::string& key)
    {
        auto reply = m_redis->command({"EXISTS", key});
        return reply && reply->integer() == 1;
    }
    std::string get(const std::string& key)
    {
        auto reply = m_redis->command({"GET", key});
        return reply && reply->isString() ? reply->text() : std::string("<nil>");
    }
    QString path(const QString& file) const { return m_dir.filePath(file); }
    void initSuite() override
    {
        QVERIFY(QFileInfo(cliPath).isExecutable());
        QVERIFY(m_dir.isValid());
    }

private slots:
    void theDefaultKindIsRedissonCompatibleReentrant()
    {
        const auto name = freshName();
        QProcess cli;
        start(cli, lockArgs(name, {}, {"sh", "-c", "echo \"$LOCKSCOPE_KIND $LOCKSCOPE_TOKEN\""}));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 0);
        const QStringList words = QString::fromUtf8(cli.readAllStandardOutput()).trimmed().split(' ');
        QCOMPARE(words.value(0), QString("reentrant"));
        // Redisson's hash field: <client uuid>:<thread id>
        QVERIFY2(QRegularExpression("^[0-9a-f-]{36}:\\d+$").match(words.value(1)).hasMatch(),
            qPrintable(words.value(1)));
    }

    void exitsWith75InOneLineWhenNotAcquiredWithinTheWait()
    {
        const auto name = freshName();
        TokenLock holder(std::shared_ptr<RedisConnection>(test::connectTo(*m_server)), name);
        AcquireOptions once;
        once.wait = 0ms;
        QVERIFY(holder.acquire(once)->acquired());

        QProcess cli;
        start(cli, lockArgs(name, {"--kind", "token", "--wait", "300"}, {"touch", path("never-ran")}));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 75);
        const QString err = cli.readAllStandardError();
        QCOMPARE(err.count('\n'), 1);
        QVERIFY2(err.contains("not acquired within 300 ms"), qPrintable(err));
        QVERIFY(!QFile::exists(path("never-ran")));
    }

    void lockMovesItsOwnCodesOutOfTheCommandsRange()
    {
        // As flock -E: a script can tell "not acquired" and "lock failed" from COMMAND's own codes.
        const auto name = freshName();
        TokenLock holder(std::shared_ptr<RedisConnection>(test::connectTo(*m_server)), name);
        AcquireOptions once;
        once.wait = 0ms;
        QVERIFY(holder.acquire(once)->acquired());
        QProcess busy;
        start(busy, lockArgs(name, {"--kind", "token", "--wait", "0", "-E", "201"}, {"true"}));
        QVERIFY(busy.waitForFinished(10000));
        QCOMPARE(busy.exitCode(), 201);

        QProcess unreachable;
        unreachable.setProgram(cliPath);
        unreachable.setArguments(
            {"--url", "redis://127.0.0.1:1", "lock", "x", "--failure-exit-code", "202", "--", "true"});
        unreachable.start();
        QVERIFY(unreachable.waitForFinished(10000));
        QCOMPARE(unreachable.exitCode(), 202);

        QProcess own;
        start(own,
            lockArgs(freshName(), {"--kind", "token", "-E", "201", "--failure-exit-code", "202"},
                {"sh", "-c", "exit 75"}));
        QVERIFY(own.waitForFinished(10000));
        QCOMPARE(own.exitCode(), 75); // COMMAND's own 75, not lock's
    }

    void aSemaphoreOnAServerWithoutListMovesExits69NamingTheFeature()
    {
        // A real server that lacks every list move (renamed away), as no released one does yet.
        RedisServerConfig config;
        config.extraArgs = test::renamedAway(*m_redis, {"LMOVE", "BLMOVE", "RPOPLPUSH", "BRPOPLPUSH"});
        auto server = test::startServer(config);
        QVERIFY(server);
        QProcess cli;
        start(cli,
            {"--url", QString::fromStdString(server->url()), "lock", "cli-sem-old", "--kind", "semaphore",
                "--permits", "1", "--", "touch", path("never-ran-sem")});
        QVERIFY(cli.waitForFinished(10000));
        const QString err = cli.readAllStandardError();
        QCOMPARE(cli.exitCode(), 69);
        QVERIFY2(err.contains("LMOVE/BLMOVE"), qPrintable(err));
        QVERIFY(!QFile::exists(path("never-ran-sem")));
    }

    void passesTheCommandsExitCodeThroughAndReleases()
    {
        const auto name = freshName();
        QProcess cli;
        start(cli, lockArgs(name, {}, {"sh", "-c", "exit 7"}));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cli.exitCode(), 7);
        QVERIFY(!exists(name));
    }

    void givesTheCommandTheLocksNameTokenAndFence()
    {
        const auto name = freshName();
        QProcess cli;
        start(cli,
            lockArgs(name, {"--kind", "token"},
                {"sh", "-c",
                    "echo \"$LOCKSCOPE_LOCK|$LOCKSCOPE_KIND|$LOCKSCOPE_TOKEN|$LOCKSCOPE_FENCE\"; sleep 1"}));
        QVERIFY(eventually([&] { return cli.canReadLine() || cli.waitForReadyRead(50); }, 5000ms));
        const QStringList fields = QString(cli.readLine()).trimmed().split('|');
        QCOMPARE(fields.size(), 4);
        QCOMPARE(fields[0].toStdString(), name);
        QCOMPARE(fields[1], QString("token"));
        QCOMPARE(fields[2].toStdString(), get(name)); // the value in Redis while COMMAND runs
        QCOMPARE(fields[3].toStdString(), get(FencingCounter::keyFor(name)));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 0);
    }

    void kindsWithoutFencingLeaveTheFenceVariableUnset_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("legacy") << QStringList {"--kind", "legacy"};
        QTest::newRow("token --no-fence") << QStringList {"--kind", "token", "--no-fence"};
        QTest::newRow("reentrant --no-fence") << QStringList {"--kind", "reentrant", "--no-fence"};
        QTest::newRow("fair --no-fence") << QStringList {"--kind", "fair", "--no-fence"};
        QTest::newRow("write --no-fence") << QStringList {"--kind", "write", "--no-fence"};
    }

    void kindsWithoutFencingLeaveTheFenceVariableUnset()
    {
        QFETCH(QStringList, options);
        const std::string name = freshName();
        QProcess cli;
        start(cli, lockArgs(name, options, {"sh", "-c", "echo \"${LOCKSCOPE_FENCE-unset}\""}));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 0);
        QCOMPARE(QString(cli.readAllStandardOutput()).trimmed(), QString("unset"));
        // Nor is a fencing counter left behind, in either format.
        QVERIFY(!exists(FencingCounter::keyFor(name)));
        QVERIFY(!exists(LockKeyNames::fenceCounter(name)));
    }

    void aLockLostWhileTheCommandRunsTerminatesIt_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("deleted from outside") << "del";
        QTest::newRow("forced to expire") << "expire";
    }

    void aLockLostWhileTheCommandRunsTerminatesIt()
    {
        QFETCH(QString, how);
        const auto name = freshName();
        const QString marker = path(QString("terminated-%1").arg(m_counter));
        QProcess cli;
        start(cli,
            lockArgs(name, {"--lease", "900"},
                {"sh", "-c",
                    QString("trap 'echo TERM > %1; kill $!; exit 9' TERM; sleep 30 & wait").arg(marker)}));
        QVERIFY(eventually([&] { return exists(name); }, 5000ms));
        if (how == "del")
            QVERIFY(m_redis->command({"DEL", name}));
        else
            QVERIFY(m_redis->command({"PEXPIRE", name, "1"}));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 70);
        const QString err = cli.readAllStandardError();
        QVERIFY2(err.contains("was lost while the command ran"), qPrintable(err));
        QVERIFY(QFile::exists(marker));
    }

    void sigtermToTheCliIsForwardedThenTheLockIsReleased()
    {
        const auto name = freshName();
        QProcess cli;
        start(cli, lockArgs(name, {}, {"sh", "-c", "trap 'kill $!; exit 5' TERM; sleep 30 & wait"}));
        QVERIFY(eventually([&] { return exists(name); }, 5000ms));
        std::this_thread::sleep_for(100ms); // let sh install its trap
        cli.terminate();
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cli.exitCode(), 5);
        QVERIFY(!exists(name));
    }

    void aWaiterIsVisibleWhileItWaitsAndGoneAfter()
    {
        const auto name = freshName();
        TokenLock holder(std::shared_ptr<RedisConnection>(test::connectTo(*m_server)), name);
        AcquireOptions once;
        once.wait = 0ms;
        QVERIFY(holder.acquire(once)->acquired());
        const std::string waiters = WaiterRegistry::keyFor(name);

        QProcess cli;
        start(cli, lockArgs(name, {"--kind", "token", "--wait", "20000"}, {"true"}));
        QVERIFY(eventually(
            [&] {
                auto count = m_redis->command({"ZCARD", waiters});
                return count && count->integer() == 1;
            },
            5000ms));
        QCOMPARE(*holder.release(), HoldOutcome::Done);
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 0);
        auto count = m_redis->command({"ZCARD", waiters});
        QVERIFY(count);
        QCOMPARE(count->integer(), 0LL);
    }

    void aSignalWhileWaitingEndsTheWaitWithoutRunningTheCommand()
    {
        const auto name = freshName();
        TokenLock holder(std::shared_ptr<RedisConnection>(test::connectTo(*m_server)), name);
        AcquireOptions once;
        once.wait = 0ms;
        QVERIFY(holder.acquire(once)->acquired());
        const std::string waiters = WaiterRegistry::keyFor(name);

        QProcess cli;
        start(cli, lockArgs(name, {"--kind", "token"}, {"touch", path("ran-after-signal")})); // waits forever
        QVERIFY(eventually(
            [&] {
                auto count = m_redis->command({"ZCARD", waiters});
                return count && count->integer() == 1;
            },
            5000ms));
        cli.terminate();
        QVERIFY(cli.waitForFinished(5000));
        QCOMPARE(cli.exitCode(), 128 + SIGTERM);
        QVERIFY(!QFile::exists(path("ran-after-signal")));
        QCOMPARE(m_redis->command({"ZCARD", waiters})->integer(), 0LL);
        QCOMPARE(get(name), holder.holderId());
    }

    void theLegacyKindCanJudgeTimeByTheServersClock()
    {
        const auto name = freshName();
        QProcess cli;
        start(cli, lockArgs(name, {"--kind", "legacy", "--server-time", "--lease", "600"}, {"sleep", "1"}));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 0); // renewed past its 600 ms lease while the command ran
        QVERIFY(!exists(name));
    }

    void aHolderKilledWithSigkillFreesTheLockAfterItsLease_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("token") << "token";
        QTest::newRow("legacy") << "legacy";
    }

    void aHolderKilledWithSigkillFreesTheLockAfterItsLease()
    {
        QFETCH(QString, kind);
        const auto name = freshName();
        const QString pidFile = path(QString("killed-command-%1.pid").arg(m_counter));
        QProcess cli;
        start(cli,
            lockArgs(name, {"--kind", kind, "--lease", "1500"},
                {"sh", "-c", QString("echo $$ > %1; exec sleep 30").arg(pidFile)}));
        QVERIFY(eventually([&] { return exists(name) && QFile(pidFile).size() > 0; }, 5000ms));
        std::this_thread::sleep_for(100ms);
        QFile file(pidFile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const qint64 commandPid = file.readAll().trimmed().toLongLong();
        QVERIFY(commandPid > 0);

        cli.kill(); // SIGKILL: no release, no renewal
        QVERIFY(cli.waitForFinished(5000));
        // Still held right after the crash: the lease has not run out.
        QProcess tooEarly;
        start(tooEarly, lockArgs(name, {"--kind", kind, "--wait", "0"}, {"true"}));
        QVERIFY(tooEarly.waitForFinished(10000));
        QCOMPARE(tooEarly.exitCode(), 75);
        // COMMAND must not go on unprotected once its lock holder is dead.
        QVERIFY(eventually([&] { return processGone(commandPid); }, 5000ms));
        if (kind == "token")
            QVERIFY(eventually([&] { return !exists(name); }, 5000ms)); // Redis expired it

        // Once the lease has passed, the next holder gets it (for legacy by GETSET takeover).
        QProcess next;
        start(next, lockArgs(name, {"--kind", kind, "--wait", "5000"}, {"true"}));
        QVERIFY(next.waitForFinished(10000));
        QCOMPARE(next.exitCode(), 0);
    }

    void optionsOfOtherKindsAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("--nodes with token")
            << QStringList {"--kind", "token", "--nodes", "redis://127.0.0.1:1"};
        QTest::newRow("--permits with token") << QStringList {"--permits", "3"};
        QTest::newRow("--server-time with token") << QStringList {"--server-time"};
        QTest::newRow("--no-fence with semaphore")
            << QStringList {"--kind", "semaphore", "--permits", "2", "--no-fence"};
        QTest::newRow("--no-fence with legacy (no fence to turn off)")
            << QStringList {"--kind", "legacy", "--no-fence"};
    }

    void optionsOfOtherKindsAreUsageErrors()
    {
        QFETCH(QStringList, options);
        QProcess cli;
        start(cli, lockArgs(freshName(), options, {"touch", path("never-ran")}));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 64);
        QVERIFY(!QFile::exists(path("never-ran")));
    }

    void anUnknownKindIsAUsageErrorNamingTheKnownKinds()
    {
        QProcess cli;
        start(cli, lockArgs(freshName(), {"--kind", "nonsense"}, {"true"}));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 64);
        const QString err = cli.readAllStandardError();
        QVERIFY2(
            err.contains("unknown lock kind 'nonsense'") && err.contains("token") && err.contains("redlock"),
            qPrintable(err));
    }

    void aMissingCommandIsAUsageError()
    {
        QProcess cli;
        start(cli, {"--url", QString::fromStdString(m_server->url()), "lock", "x"});
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 64);
    }

    void aCommandThatCannotRunExits127AndReleases()
    {
        const auto name = freshName();
        QProcess cli;
        start(cli, lockArgs(name, {}, {"/nonexistent/command"}));
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitCode(), 127);
        QVERIFY(!exists(name));
    }
};

QTEST_GUILESS_MAIN(tst_LockCommand)
#include "tst_LockCommand.moc"
