#include "cli/ExitCode.h"
#include "support/CliRun.h"
#include "support/RedisTestCase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <atomic>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

// `lockscope-cli clients` and `list --identify`: the connections of a server, and the holder of
// a lock named by the connection that renews it.
class tst_CliClients : public test::RedisTestCase
{
    Q_OBJECT

    static QJsonArray json(const test::CliRun& run)
    {
        if (run.code != 0)
            qWarning("exit %d: %s", run.code, qPrintable(run.err));
        return QJsonDocument::fromJson(run.out.toUtf8()).array();
    }

    static QJsonObject named(const QJsonArray& clients, const QString& name)
    {
        for (const auto& client : clients) {
            if (client.toObject()["name"].toString() == name)
                return client.toObject();
        }
        return {};
    }

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void clientsJsonListsEveryConnectionWithItsName()
    {
        auto service = connection();
        QVERIFY(service->command({"CLIENT", "SETNAME", "orders-service"}));
        const auto clients = json(test::runCli({"--url", m_server->url(), "clients", "--json"}));
        const QJsonObject orders = named(clients, "orders-service");
        QVERIFY(!orders.isEmpty());
        QVERIFY(orders["addr"].toString().startsWith("127.0.0.1:"));
        for (const char* field :
            {"node", "id", "laddr", "user", "lib_name", "lib_ver", "age_s", "idle_s", "flags", "cmd"})
            QVERIFY2(orders.contains(field), field);
    }

    void clientsAsATableNamesTheConnection()
    {
        auto service = connection();
        QVERIFY(service->command({"CLIENT", "SETNAME", "billing-worker"}));
        const auto result = test::runCli({"--url", m_server->url(), "clients"});
        QCOMPARE(result.code, int(ExitOk));
        QVERIFY(result.out.contains("billing-worker"));
        QVERIFY(result.out.startsWith("NODE"));
    }

    void listIdentifyNamesTheConnectionThatRenewsTheLock()
    {
        const std::string token = "8f14e45fceea167a5a36dedd4bea2543";
        QVERIFY(run({"SET", "lock:invoices", token, "PX", "60000"}));
        auto holder = connection();
        QVERIFY(holder->command({"CLIENT", "SETNAME", "invoice-service"}));
        std::atomic<bool> stop {false};
        std::thread renewing([&] {
            while (!stop) {
                (void)holder->command({"EVAL",
                    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], "
                    "ARGV[2]) end return 0",
                    "1", "lock:invoices", token, "60000"});
                std::this_thread::sleep_for(100ms);
            }
        });
        const auto locks
            = json(test::runCli({"--url", m_server->url(), "list", "--json", "--identify", "10s"}));
        stop = true;
        renewing.join();
        QCOMPARE(locks.size(), qsizetype(1));
        const QJsonObject identity
            = locks[0].toObject()["holders"].toArray()[0].toObject()["identity"].toObject();
        QCOMPARE(identity["name"].toString(), QString("invoice-service"));
        QCOMPARE(identity["source"].toString(), QString("sample"));
        QVERIFY(identity["addr"].toString().startsWith("127.0.0.1:"));
        for (const char* field : {"lib_name", "lib_ver", "since"})
            QVERIFY2(identity.contains(field), field);
    }

    void listWithoutIdentifyGivesNoIdentity()
    {
        QVERIFY(run({"SET", "lock:plain", "8f14e45fceea167a5a36dedd4bea2543", "PX", "60000"}));
        const auto locks = json(test::runCli({"--url", m_server->url(), "list", "--json"}));
        QCOMPARE(locks.size(), qsizetype(1));
        QVERIFY(!locks[0].toObject()["holders"].toArray()[0].toObject().contains("identity"));
    }

    void identifyRefusesAnythingButADurationUpToAMinute()
    {
        for (const char* bad : {"2m", "forever", "-1s"}) {
            const auto result = test::runCli({"--url", m_server->url(), "list", "--identify", bad});
            QCOMPARE(result.code, int(ExitUsage));
        }
        QCOMPARE(test::runCli({"--url", m_server->url(), "list", "--identify-busy"}).code, int(ExitUsage));
    }
};

QTEST_GUILESS_MAIN(tst_CliClients)
#include "tst_CliClients.moc"
