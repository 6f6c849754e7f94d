#include "inspect/BlockedPopCensus.h"
#include "inspect/ClientList.h"
#include "support/RedisTestCase.h"
#include "support/TestServerTraits.h"

#include <QtTest>

using namespace lockscope;

namespace {

const ServerClient* named(const ClientList& clients, const std::string& name)
{
    for (const auto& client : clients.clients) {
        if (client.name == name)
            return &client;
    }
    return nullptr;
}

} // namespace

class tst_ClientList : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void readsEveryFieldOfALine()
    {
        const auto list = ClientList::parse(
            "id=7 addr=10.0.0.5:51234 laddr=127.0.0.1:6379 fd=8 name=orders-service age=12 idle=3 "
            "flags=N db=0 sub=1 psub=0 multi=-1 cmd=evalsha user=orders lib-name=ioredis lib-ver=5.4.1\n");
        QCOMPARE(list.clients.size(), size_t(1));
        const ServerClient& client = list.clients.front();
        QCOMPARE(client.id, 7LL);
        QCOMPARE(client.addr, std::string("10.0.0.5:51234"));
        QCOMPARE(client.laddr, std::string("127.0.0.1:6379"));
        QCOMPARE(client.name, std::string("orders-service"));
        QCOMPARE(client.user, std::string("orders"));
        QCOMPARE(client.libName, std::string("ioredis"));
        QCOMPARE(client.libVer, std::string("5.4.1"));
        QCOMPARE(client.ageSeconds, 12LL);
        QCOMPARE(client.idleSeconds, 3LL);
        QCOMPARE(client.flags, std::string("N"));
        QCOMPARE(client.cmd, std::string("evalsha"));
        QCOMPARE(client.subscriptions, 1LL);
    }

    void aNameWithEqualsSignsIsTakenWhole()
    {
        const auto list = ClientList::parse("id=1 addr=1.2.3.4:5 name=a=b==c age=1\n");
        QCOMPARE(list.clients.size(), size_t(1));
        QCOMPARE(list.clients.front().name, std::string("a=b==c"));
    }

    void aLineWhoseNameSmugglesAnotherAddressIsLeftOut()
    {
        // A name with a space and "addr=" (a forged reply, or a server that let it through)
        // would lend the line another connection's address: the line is dropped, the others kept.
        const auto list = ClientList::parse("id=1 addr=10.0.0.1:1 name=x addr=10.0.0.2:2 age=1\n"
                                            "id=2 addr=10.0.0.3:3 name=has space age=1\n"
                                            "id=3 addr=10.0.0.4:4 name=fine age=1\n");
        QCOMPARE(list.clients.size(), size_t(1));
        QCOMPARE(list.clients.front().name, std::string("fine"));
        QCOMPARE(list.skippedLines, size_t(2));
    }

    void nonUtf8BytesAreKeptAsTheyCame()
    {
        const std::string name = "\xff\xfe-svc";
        const auto list = ClientList::parse("id=1 addr=1.2.3.4:5 name=" + name + "\n");
        QCOMPARE(list.clients.size(), size_t(1));
        QCOMPARE(list.clients.front().name, name);
    }

    void aLineWithoutANumericIdIsLeftOut()
    {
        const auto list = ClientList::parse("addr=1.2.3.4:5 name=a\nid=x addr=1.2.3.4:6\n");
        QVERIFY(list.clients.empty());
        QCOMPARE(list.skippedLines, size_t(2));
    }

    void aHugeListIsReadUpToItsByteLimit()
    {
        std::string reply;
        for (int i = 0; i < 10000; ++i)
            reply += "id=" + std::to_string(i) + " addr=10.0.0.1:" + std::to_string(i) + " name=n age=1\n";
        ClientList::Limits limits;
        limits.maxBytes = 4096;
        const auto list = ClientList::parse(reply, limits);
        QVERIFY(list.truncated);
        QVERIFY(!list.clients.empty());
        QVERIFY(list.clients.size() < 200);
        QCOMPARE(list.skippedLines, size_t(0)); // cut at a line's end, never inside one
        limits.maxBytes = reply.size();
        limits.maxClients = 100;
        QCOMPARE(ClientList::parse(reply, limits).clients.size(), size_t(100));
    }

    void namesAConnectionWithItsLibraryWhereTheServerTakesIt()
    {
        auto client = connection();
        QVERIFY(client->command({"CLIENT", "SETNAME", "orders-service"}));
        // CLIENT SETINFO is Redis 7.2+ / Valkey 8+: elsewhere the library is absent, not an error.
        const bool setInfo = client->command({"CLIENT", "SETINFO", "LIB-NAME", "ioredis"}).ok()
            && client->command({"CLIENT", "SETINFO", "LIB-VER", "5.4.1"}).ok();
        BlockedPopCensus census(std::chrono::milliseconds(0));
        const ClientList& clients = census.clients(*m_redis);
        QVERIFY(!census.refusal());
        QCOMPARE(clients.skippedLines, size_t(0));
        const ServerClient* orders = named(clients, "orders-service");
        QVERIFY(orders);
        QVERIFY(orders->addr.starts_with("127.0.0.1:"));
        QVERIFY(orders->id > 0);
        QCOMPARE(orders->libName, std::string(setInfo ? "ioredis" : ""));
        QCOMPARE(orders->libVer, std::string(setInfo ? "5.4.1" : ""));
    }

    void aServerThatRefusesClientListGivesNoClientsAndSaysWhy()
    {
        RedisCommand user {"ACL", "SETUSER", "no-client-list", "on", ">pw", "~*", "+@all", "-client"};
        if (test::TestServerTraits::ofPathServer().aclChannelRules)
            user.push_back("&*");
        QVERIFY(run(user));
        ConnectionOptions limited = options();
        limited.user = "no-client-list";
        limited.password = "pw";
        limited.hasPassword = true;
        auto connection = RedisConnection::connect(limited);
        QVERIFY(connection);
        BlockedPopCensus census(std::chrono::milliseconds(0));
        QVERIFY(census.clients(**connection).clients.empty());
        QVERIFY(census.refusal());
        QCOMPARE(census.refusal()->kind, ErrorKind::NoPermission);
        QCOMPARE(census.count(**connection), 0LL);
    }

    void theCensusReadsAtMostOncePerItsAge()
    {
        BlockedPopCensus census(std::chrono::hours(1));
        const long long first = census.clients(*m_redis).clients.size();
        auto another = connection();
        QVERIFY(another->command({"CLIENT", "SETNAME", "late-comer"}));
        QCOMPARE((long long)census.clients(*m_redis).clients.size(), first);
        census.expire();
        QVERIFY(named(census.clients(*m_redis), "late-comer"));
    }
};

QTEST_GUILESS_MAIN(tst_ClientList)
#include "tst_ClientList.moc"
