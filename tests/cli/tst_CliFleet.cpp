#include "cli/ExitCode.h"
#include "support/CliRun.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <csignal>
#include <sstream>
#include <thread>

using namespace lockscope;
using test::LockFormats;

namespace {

long long epochMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string nameOf(const RedisServerProcess& server)
{
    return "127.0.0.1:" + std::to_string(server.port());
}

// Whether a client of `server` named lockscope:monitor has subscribed (a watch is under way).
bool watchIsListening(RedisConnection& connection)
{
    auto clients = connection.command({"CLIENT", "LIST"});
    if (!clients.ok())
        return false;
    const auto text = clients.value().toStringView();
    if (!text)
        return false;
    std::istringstream lines {std::string(*text)};
    std::string line;
    while (std::getline(lines, line)) {
        if (line.find("name=lockscope:monitor") != std::string::npos
            && (line.find(" psub=0") == std::string::npos || line.find(" sub=0") == std::string::npos))
            return true;
    }
    return false;
}

} // namespace

// list and watch over several servers at once, against real redis-servers: one that is dead is
// named on stderr while the others are listed (exit 68, 69 when none answered); one that hangs
// (SIGSTOP) does not hold up the others' changes; a watched server that restarts is reconnected
// and what changed meanwhile reported; a wrong password ends the watch instead of retrying.
class tst_CliFleet : public QObject
{
    Q_OBJECT

    std::unique_ptr<RedisServerProcess> m_a;
    std::unique_ptr<RedisServerProcess> m_b;

private slots:
    void init()
    {
        m_a = test::startServer();
        m_b = test::startServer();
        QVERIFY(m_a && m_b);
    }
    void cleanup()
    {
        if (m_b && m_b->isRunning())
            ::kill(m_b->pid(), SIGCONT);
        m_a.reset();
        m_b.reset();
    }

    void listShowsEveryServersLocksWithTheirServer()
    {
        auto a = test::connectTo(*m_a);
        auto b = test::connectTo(*m_b);
        QVERIFY(LockFormats::redissonLock(*a, "orders", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*b, "invoices", LockFormats::clientA, 1, 30000).ok());
        auto run = test::runCli({"--url", m_a->url(), "--url", m_b->url(), "list", "--json"});
        QCOMPARE(run.code, 0);
        const auto locks = QJsonDocument::fromJson(run.out.toUtf8()).array();
        QCOMPARE(locks.size(), 2);
        std::map<QString, QString> serverOf;
        for (const auto& lock : locks)
            serverOf[lock.toObject()["name"].toString()] = lock.toObject()["server"].toString();
        QCOMPARE(serverOf["orders"], QString::fromStdString(nameOf(*m_a)));
        QCOMPARE(serverOf["invoices"], QString::fromStdString(nameOf(*m_b)));

        auto table = test::runCli({"--url", m_a->url(), "--url", m_b->url(), "list"});
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.startsWith("SERVER "), qPrintable(table.out));
        QVERIFY2(
            table.out.contains(QString::fromStdString(nameOf(*m_b)) + "  invoices"), qPrintable(table.out));
    }

    void listNamesTheDeadServerAndListsTheOther()
    {
        auto a = test::connectTo(*m_a);
        QVERIFY(LockFormats::redissonLock(*a, "orders", LockFormats::clientA, 1, 30000).ok());
        m_b->kill();
        auto run = test::runCli({"--url", m_a->url(), "--url", m_b->url(), "list"});
        QCOMPARE(run.code, int(ExitSomeUnavailable));
        QVERIFY2(run.out.contains("orders"), qPrintable(run.out));
        QVERIFY2(run.err.contains(QString::fromStdString(nameOf(*m_b)) + ": redis://"), qPrintable(run.err));
        QVERIFY2(run.err.contains("refused"), qPrintable(run.err));
        QVERIFY2(!run.err.contains(QString::fromStdString(nameOf(*m_a))), qPrintable(run.err));
    }

    void listExitsUnavailableWhenNoServerAnswered()
    {
        m_a->kill();
        m_b->kill();
        auto run = test::runCli({"--url", m_a->url(), "--url", m_b->url(), "list"});
        QCOMPARE(run.code, int(ExitUnavailable));
        QVERIFY(run.err.contains(QString::fromStdString(nameOf(*m_a))));
        QVERIFY(run.err.contains(QString::fromStdString(nameOf(*m_b))));
    }

    void listReadsAFleetFileAndMergesTheSameServerGivenTwice()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath("servers.fleet"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QString("# ours\n%1 orders\n%2 billing\n%1 orders-again\n")
                       .arg(QString::fromStdString(m_a->url()), QString::fromStdString(m_b->url()))
                       .toUtf8());
        file.close();
        auto a = test::connectTo(*m_a);
        QVERIFY(LockFormats::redissonLock(*a, "invoice", LockFormats::clientA, 1, 30000).ok());
        auto run = test::runCli({"--fleet", file.fileName().toStdString(), "list"});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.contains("servers.fleet:4: orders-again is the same server as orders"),
            qPrintable(run.err));
        QVERIFY2(run.out.startsWith("SERVER "), qPrintable(run.out));
        QVERIFY2(run.out.contains("\norders  invoice"), qPrintable(run.out));
    }

    void refusesAMalformedFleetFileWithTheLineBeforeConnecting()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath("servers.fleet"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QString("%1\n127.0.0.1:6379\n").arg(QString::fromStdString(m_a->url())).toUtf8());
        file.close();
        auto run = test::runCli({"--fleet", file.fileName().toStdString(), "list"});
        QCOMPARE(run.code, int(ExitUsage));
        QVERIFY2(run.err.contains("servers.fleet:2: expected a URL"), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void watchReportsOneServersChangesWhileAnotherHangs()
    {
        // B hangs: it accepts connections (the kernel does) but never answers, for a minute
        // each command; A's changes must not wait for it.
        QCOMPARE(::kill(m_b->pid(), SIGSTOP), 0);
        std::atomic<bool> done {false};
        test::CliRun run;
        std::thread cli([&] {
            run = test::runCli({"--timeout", "60000", "--url", m_a->url(), "--url", m_b->url(), "watch",
                "--json", "--max-events", "3"});
            done = true;
        });
        auto a = test::connectTo(*m_a);
        const auto resumeAt = std::chrono::steady_clock::now() + std::chrono::seconds(6);
        long long resumedAtMs = 0;
        const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(40);
        while (!done && std::chrono::steady_clock::now() < giveUp) {
            (void)LockFormats::redissonLock(*a, "busy", LockFormats::clientA, 1, 30000);
            if (resumedAtMs == 0 && std::chrono::steady_clock::now() > resumeAt) {
                // The watch cannot end while B's thread waits for its answer.
                resumedAtMs = epochMs();
                ::kill(m_b->pid(), SIGCONT);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        cli.join();
        QCOMPARE(run.code, 0);
        std::istringstream lines(run.out.toStdString());
        std::string line;
        int events = 0;
        while (std::getline(lines, line)) {
            const auto event = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
            QCOMPARE(event["server"].toString(), QString::fromStdString(nameOf(*m_a)));
            QCOMPARE(event["lock"].toObject()["name"].toString(), QString("busy"));
            QVERIFY2(resumedAtMs == 0 || event["at_ms"].toInteger() < resumedAtMs, line.c_str());
            ++events;
        }
        QCOMPARE(events, 3);
    }

    void watchReconnectsAfterARestartAndReportsWhatChangedMeanwhile()
    {
        m_b.reset();
        auto a = test::connectTo(*m_a);
        QVERIFY(LockFormats::redissonLock(*a, "gone", LockFormats::clientA, 1, 60000).ok());
        std::atomic<bool> done {false};
        test::CliRun run;
        std::thread cli([&] {
            run = test::runCli({"--url", m_a->url(), "watch", "--max-events", "2"});
            done = true;
        });
        auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!watchIsListening(*a) && std::chrono::steady_clock::now() < giveUp)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        // Down and up again without its data: the lock went while the watch could not see it.
        m_a->kill();
        m_a->forgetData();
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        QVERIFY(m_a->restart().ok());
        // A change after the reconnect is reported as usual.
        giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        auto again = test::connectTo(*m_a);
        QVERIFY(again);
        while (!done && std::chrono::steady_clock::now() < giveUp) {
            if (watchIsListening(*again))
                (void)LockFormats::redissonLock(*again, "after", LockFormats::clientA, 1, 30000);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        cli.join();
        QCOMPARE(run.code, 0);
        QVERIFY2(run.err.contains("lost the server"), qPrintable(run.err));
        QVERIFY2(run.err.contains("connected again"), qPrintable(run.err));
        QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        for (auto& line : lines)
            line = line.section(' ', 1); // after the time
        QVERIFY2(
            lines[0].startsWith("released gone") && lines[0].endsWith("(while the server was out of reach)"),
            qPrintable(run.out));
        QVERIFY2(lines[1].startsWith("appeared after"), qPrintable(run.out));
    }

    void watchEndsOnAWrongPasswordInsteadOfRetrying()
    {
        m_b.reset();
        auto server = test::startServer(test::aclWithOnlyUser("ops", "secret"));
        QVERIFY(server);
        const std::string url = "redis://ops:wrong@127.0.0.1:" + std::to_string(server->port());
        auto run = test::runCli({"--url", url, "watch"});
        QCOMPARE(run.code, int(ExitNoPermission));
        QVERIFY2(run.err.contains("not retried"), qPrintable(run.err));
        QCOMPARE(run.err.count("not retried"), 1);
    }
};

QTEST_GUILESS_MAIN(tst_CliFleet)
#include "tst_CliFleet.moc"
