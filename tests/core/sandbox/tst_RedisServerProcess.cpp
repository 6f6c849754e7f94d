#include "redis/SocketTransport.h"
#include "sandbox/RedisServerProcess.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <csignal>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace lockscope;
using namespace std::chrono_literals;

namespace {

bool processAlive(pid_t pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string pidField, name, state;
    if (!(stat >> pidField >> name >> state))
        return false;
    return state != "Z" && state != "X"; // a zombie has already stopped serving
}

bool acceptsConnections(int port)
{
    return SocketTransport::connectTcp("127.0.0.1", port, Clock::now() + 200ms).ok();
}

// Forks a process that starts a sandbox, reports the server's pid and port, and waits to be
// killed with `signal`; returns the server's pid and port once its starter is gone.
std::pair<pid_t, int> sandboxOfAKilledProcess(int signal)
{
    int fds[2];
    if (pipe(fds) != 0)
        return {-1, 0};
    const pid_t starter = fork();
    if (starter == 0) {
        ::close(fds[0]);
        auto sandbox = RedisServerProcess::startSandbox();
        int report[2] = {sandbox ? (*sandbox)->pid() : -1, sandbox ? (*sandbox)->port() : 0};
        (void)!write(fds[1], report, sizeof(report));
        for (;;)
            pause();
    }
    ::close(fds[1]);
    int report[2] = {-1, 0};
    (void)!read(fds[0], report, sizeof(report));
    ::close(fds[0]);
    ::kill(starter, signal);
    waitpid(starter, nullptr, 0);
    return {report[0], report[1]};
}

} // namespace

class tst_RedisServerProcess : public QObject
{
    Q_OBJECT
private slots:
    void sandboxListensOnLoopbackWithKeyspaceNotifications()
    {
        auto sandbox = RedisServerProcess::startSandbox();
        QVERIFY(sandbox.ok());
        auto connection = test::connectTo(**sandbox);
        QVERIFY(connection);
        auto events = connection->command({"CONFIG", "GET", "notify-keyspace-events"});
        QVERIFY(events.ok());
        const QString flags = QString::fromStdString(events->at(1).text());
        QVERIFY2(flags.contains('K') && flags.contains('E') && flags.contains('A'), qPrintable(flags));
        auto bind = connection->command({"CONFIG", "GET", "bind"});
        QCOMPARE(bind->at(1).text(), std::string("127.0.0.1"));
    }

    void twoSandboxesGetDifferentPorts()
    {
        auto first = RedisServerProcess::startSandbox();
        auto second = RedisServerProcess::startSandbox();
        QVERIFY(first.ok() && second.ok());
        QVERIFY((*first)->port() != (*second)->port());
    }

    void stopEndsTheProcessAndRemovesItsDirectory()
    {
        auto sandbox = RedisServerProcess::startSandbox();
        QVERIFY(sandbox.ok());
        const pid_t pid = (*sandbox)->pid();
        const int port = (*sandbox)->port();
        const std::string dir = (*sandbox)->workDir();
        sandbox.value().reset();
        QVERIFY(!processAlive(pid));
        QVERIFY(!acceptsConnections(port));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(dir)));
    }

    void neverOutlivesAStarterKilledWithSigkill()
    {
        auto [pid, port] = sandboxOfAKilledProcess(SIGKILL);
        QVERIFY(pid > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pid), 5000);
        QVERIFY(!acceptsConnections(port));
    }

    void neverOutlivesAStarterThatGetsSigterm()
    {
        auto [pid, port] = sandboxOfAKilledProcess(SIGTERM);
        QVERIFY(pid > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pid), 5000);
        QVERIFY(!acceptsConnections(port));
    }

    void aMissingExecutableIsANotFoundError()
    {
        RedisServerConfig config;
        config.executable = "no-such-redis-server-binary";
        auto server = RedisServerProcess::start(config);
        QVERIFY(!server.ok());
        QVERIFY(server.error().kind == ErrorKind::NotFound);
    }

    void aServerThatCannotStartReportsItsLog()
    {
        RedisServerConfig config;
        config.extraArgs = {"--no-such-option", "1"};
        auto server = RedisServerProcess::start(config);
        QVERIFY(!server.ok());
        QVERIFY2(QString::fromStdString(server.error().message).contains("exited"),
            server.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(tst_RedisServerProcess)
#include "tst_RedisServerProcess.moc"
