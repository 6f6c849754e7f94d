#include "redis/ClusterClient.h"
#include "redis/ServerProbe.h"
#include "support/deployments/ClusterTestSetup.h"

#include <QtTest>

#include <set>
#include <thread>

using namespace lockscope;
using namespace lockscope::test;

namespace {

std::unique_ptr<ClusterClient> connectClient(ClusterTestSetup& cluster, ConnectionOptions base = {})
{
    auto client = ClusterClient::connect(cluster.seedOptions(base));
    if (!client) {
        QWARN(qPrintable(QString::fromStdString("cannot connect: " + client.error().toString())));
        return nullptr;
    }
    return std::move(client.value());
}

std::string errorText(const RedisError& error)
{
    return error.toString();
}

// Keys stored on one node whose names match `pattern`, as the node itself lists them.
std::set<std::string> keysOnNode(RedisConnection& node, const std::string& pattern)
{
    std::set<std::string> keys;
    std::string cursor = "0";
    do {
        auto page = node.command({"SCAN", cursor, "MATCH", pattern, "COUNT", "1000"});
        if (!page || page->size() != 2)
            return {};
        cursor = page->at(0).text();
        for (const auto& key : page->at(1).elements())
            keys.insert(key.text());
    } while (cursor != "0");
    return keys;
}

// How many TRYAGAIN replies a node has sent so far.
long long tryAgainCount(RedisConnection& node)
{
    auto stats = node.command({"INFO", "errorstats"});
    if (!stats || !stats->isString())
        return -1;
    const std::string line = infoField(stats->text(), "errorstat_TRYAGAIN"); // count=N
    return line.starts_with("count=") ? std::stoll(line.substr(6)) : 0;
}

long long countKeysInSlot(RedisConnection& node, uint16_t slot)
{
    auto count = node.command({"CLUSTER", "COUNTKEYSINSLOT", std::to_string(slot)});
    return count && count->isInteger() ? count->integer() : -1;
}

} // namespace

// Redis 7 and Valkey answer a multi-key read whose keys a migration has split with TRYAGAIN at
// the source node; Redis 6.0 answers ASK there (TRYAGAIN only at the target, after ASKING). The
// TRYAGAIN tests need the former: asked of the source itself, they skip otherwise, saying so.
#define SKIP_UNLESS_THE_SOURCE_ANSWERS_TRYAGAIN(source, read)                                                \
    do {                                                                                                     \
        auto sourceReply = (source).command(read);                                                           \
        if (sourceReply.ok() || !sourceReply.error().message.starts_with("TRYAGAIN"))                        \
            QSKIP("the server lacks TRYAGAIN from the source of a split multi-key read");                    \
    } while (false)

class tst_ClusterClient : public QObject
{
    Q_OBJECT

    std::unique_ptr<ClusterTestSetup> m_cluster;

private slots:
    void initTestCase()
    {
        auto cluster = ClusterTestSetup::start(3);
        QVERIFY2(cluster.ok(), cluster.ok() ? "" : cluster.error().toString().c_str());
        m_cluster = std::move(cluster.value());
    }

    void cleanup()
    {
        // A test that failed halfway through a migration must not leave the slot half moved.
        if (m_cluster && m_cluster->migrationInProgress())
            QVERIFY(m_cluster->finishSlotMigration().ok());
    }

    void cleanupTestCase() { m_cluster.reset(); }

    void hashesKeysToTheirKnownSlots()
    {
        QCOMPARE(clusterKeySlot("foo"), uint16_t(12182));
        QCOMPARE(clusterKeySlot("123456789"), uint16_t(12739));
        QCOMPARE(clusterKeySlot(""), uint16_t(0));
    }

    void hashesOnlyTheHashTagWhenThereIsOne()
    {
        QCOMPARE(clusterKeySlot("{user1000}.following"), clusterKeySlot("{user1000}.followers"));
        QCOMPARE(clusterKeySlot("{user1000}.following"), clusterKeySlot("user1000"));
        // An empty tag does not count: the whole key is hashed (the server agrees, see below).
        QVERIFY(clusterKeySlot("foo{}{bar}") != clusterKeySlot("bar"));
        QVERIFY(clusterKeySlot("foo{}{bar}") != clusterKeySlot(""));
        // The tag ends at the first '}' after the first '{'.
        QCOMPARE(clusterKeySlot("foo{{bar}}zap"), clusterKeySlot("{bar"));
        QCOMPARE(clusterKeySlot("foo{bar}{zap}"), clusterKeySlot("bar"));
    }

    void agreesWithTheServersKeySlotForAwkwardKeys()
    {
        const std::vector<std::string> keys {"foo", "foo{}{bar}", "foo{{bar}}zap", "{}", "{", "}", "a{b",
            std::string("nul\0key", 7), "\xff\xfe invalid utf-8", "lock:{order:42}:owner",
            "{user1000}.following"};
        for (const auto& key : keys) {
            auto slot = m_cluster->direct(0).command({"CLUSTER", "KEYSLOT", key});
            QVERIFY(slot.ok());
            QCOMPARE(slot->integer(), static_cast<long long>(clusterKeySlot(key)));
        }
    }

    void listsTheThreeMasters()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const auto masters = client->masters();
        QCOMPARE(masters.size(), size_t(3));
        for (size_t i = 0; i < 3; ++i)
            QVERIFY(std::find(masters.begin(), masters.end(), m_cluster->node(i)) != masters.end());
    }

    void routesAThousandKeysToTheirOwningMasters()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        for (int i = 0; i < 1000; ++i) {
            const std::string key = "route:" + std::to_string(i);
            auto set = client->command({"SET", key, std::to_string(i)});
            QVERIFY2(set.ok(), set.ok() ? "" : errorText(set.error()).c_str());
        }
        // Each node's own listing: every key lives on exactly one node, the one nodeForKey names.
        std::vector<std::set<std::string>> stored;
        for (size_t n = 0; n < m_cluster->size(); ++n)
            stored.push_back(keysOnNode(m_cluster->direct(n), "route:*"));
        QCOMPARE(stored[0].size() + stored[1].size() + stored[2].size(), size_t(1000));
        for (size_t n = 0; n < m_cluster->size(); ++n)
            QVERIFY2(stored[n].size() > 200, "the keys should spread over all masters");
        for (int i = 0; i < 1000; ++i) {
            const std::string key = "route:" + std::to_string(i);
            auto owner = client->nodeForKey(key);
            QVERIFY(owner.ok());
            const auto ownerIndex = m_cluster->indexOf(*owner);
            QVERIFY(ownerIndex);
            for (size_t n = 0; n < m_cluster->size(); ++n)
                QCOMPARE(stored[n].count(key), size_t(n == *ownerIndex ? 1 : 0));
            auto serverSlot = m_cluster->direct(*ownerIndex).command({"CLUSTER", "KEYSLOT", key});
            QVERIFY(serverSlot.ok());
            QCOMPARE(serverSlot->integer(), static_cast<long long>(clusterKeySlot(key)));
            auto value = m_cluster->direct(*ownerIndex).command({"GET", key});
            QVERIFY(value.ok());
            QCOMPARE(value->text(), std::to_string(i));
        }
    }

    void sendsKeylessCommandsToAMaster()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        auto pong = client->command({"PING"});
        QVERIFY(pong.ok());
        QCOMPARE(pong->text(), std::string("PONG"));
        auto role = client->command({"ROLE"});
        QVERIFY(role.ok());
        QCOMPARE(role->at(0).text(), std::string("master"));
    }

    void routesScriptsByTheirFirstKey()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const std::string script = "redis.call('SET', KEYS[1], ARGV[1]); return redis.call('GET', KEYS[2])";
        auto reply = client->command({"EVAL", script, "2", "{script}:a", "{script}:b", "written"});
        QVERIFY2(reply.ok(), reply.ok() ? "" : errorText(reply.error()).c_str());
        QVERIFY(reply->isNil());
        const auto owner = m_cluster->indexOf(*client->nodeForKey("{script}:a"));
        QVERIFY(owner);
        auto stored = m_cluster->direct(*owner).command({"GET", "{script}:a"});
        QVERIFY(stored.ok());
        QCOMPARE(stored->text(), std::string("written"));
        auto keyless = client->command({"EVAL", "return 7", "0"});
        QVERIFY(keyless.ok());
        QCOMPARE(keyless->integer(), 7LL);
    }

    void routesACommandByAnExplicitKey()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const uint16_t slot = clusterKeySlot("explicit");
        for (const char* key : {"{explicit}1", "{explicit}2", "{explicit}3"})
            QVERIFY(client->command({"SET", key, "x"}).ok());
        // COUNTKEYSINSLOT names no key: only the routing key takes it to the slot's owner.
        auto count = client->commandForKey("explicit", {"CLUSTER", "COUNTKEYSINSLOT", std::to_string(slot)});
        QVERIFY(count.ok());
        QCOMPARE(count->integer(), 3LL);
    }

    void keepsOneNamedConnectionPerNode()
    {
        ConnectionOptions options;
        options.clientRole = "scanner";
        auto client = connectClient(*m_cluster, options);
        QVERIFY(client);
        for (const auto& master : client->masters()) {
            auto first = client->connectionTo(master);
            auto second = client->connectionTo(master);
            QVERIFY(first.ok() && second.ok());
            QCOMPARE(*first, *second);
            auto name = (*first)->command({"CLIENT", "GETNAME"});
            QVERIFY(name.ok());
            QCOMPARE(name->text(), std::string("lockscope:scanner"));
        }
    }

    void runsASameSlotPipelineOnTheOwner()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        std::vector<RedisCommand> commands;
        for (int i = 0; i < 100; ++i)
            commands.push_back({"SET", "{pipe}" + std::to_string(i), std::to_string(i)});
        commands.push_back({"INCR", "{pipe}0"});
        commands.push_back({"LPUSH", "{pipe}1", "x"}); // a wrong-type error stays in its place
        commands.push_back({"GET", "{pipe}0"});
        auto replies = client->pipelineForKey("pipe", commands);
        QVERIFY2(replies.ok(), replies.ok() ? "" : errorText(replies.error()).c_str());
        QCOMPARE(replies->size(), commands.size());
        QCOMPARE((*replies)[100].integer(), 1LL);
        QVERIFY((*replies)[101].isError());
        QCOMPARE((*replies)[102].text(), std::string("1"));
        const auto owner = m_cluster->indexOf(*client->nodeForKey("pipe"));
        QCOMPARE(countKeysInSlot(m_cluster->direct(*owner), clusterKeySlot("pipe")), 100LL);
    }

    void followsMovedAfterASlotMigratedAndUpdatesTheTable()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const uint16_t slot = clusterKeySlot("moved");
        for (int i = 0; i < 10; ++i)
            QVERIFY(client->command({"SET", "{moved}" + std::to_string(i), std::to_string(i)}).ok());
        auto from = m_cluster->ownerOf(slot);
        QVERIFY(from.ok());
        const size_t to = (*from + 1) % m_cluster->size();
        auto migrated = m_cluster->migrateSlot(slot, to);
        QVERIFY2(migrated.ok(), migrated.ok() ? "" : errorText(migrated.error()).c_str());
        QCOMPARE(countKeysInSlot(m_cluster->direct(to), slot), 10LL);

        // The client's table is stale until a node tells it otherwise.
        QCOMPARE(*client->nodeForKey("{moved}0"), m_cluster->node(*from));
        for (int i = 0; i < 10; ++i) {
            auto value = client->command({"GET", "{moved}" + std::to_string(i)});
            QVERIFY2(value.ok(), value.ok() ? "" : errorText(value.error()).c_str());
            QCOMPARE(value->text(), std::to_string(i));
        }
        QCOMPARE(*client->nodeForKey("{moved}0"), m_cluster->node(to));
        QCOMPARE(client->redirectCounts().moved, 1);

        QVERIFY(client->command({"SET", "{moved}new", "fresh"}).ok());
        QCOMPARE(countKeysInSlot(m_cluster->direct(to), slot), 11LL);
    }

    void followsMovedInAPipeline()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const uint16_t slot = clusterKeySlot("movedpipe");
        QVERIFY(client->command({"SET", "{movedpipe}a", "1"}).ok());
        auto from = m_cluster->ownerOf(slot);
        QVERIFY(from.ok());
        const size_t to = (*from + 2) % m_cluster->size();
        QVERIFY(m_cluster->migrateSlot(slot, to).ok());
        auto replies = client->pipelineForKey("movedpipe",
            {{"INCR", "{movedpipe}a"}, {"SET", "{movedpipe}b", "2"},
                {"MGET", "{movedpipe}a", "{movedpipe}b"}});
        QVERIFY2(replies.ok(), replies.ok() ? "" : errorText(replies.error()).c_str());
        QCOMPARE((*replies)[0].integer(), 2LL);
        QCOMPARE((*replies)[2].at(0).text(), std::string("2"));
        QCOMPARE((*replies)[2].at(1).text(), std::string("2"));
        QCOMPARE(*client->nodeForKey("movedpipe"), m_cluster->node(to));
        QVERIFY(client->redirectCounts().moved >= 1);
    }

    void followsAskDuringAMigrationWithoutChangingTheTable()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const uint16_t slot = clusterKeySlot("ask");
        for (int i = 0; i < 20; ++i)
            QVERIFY(client->command({"SET", "{ask}" + std::to_string(i), std::to_string(i)}).ok());
        auto from = m_cluster->ownerOf(slot);
        QVERIFY(from.ok());
        const size_t to = (*from + 1) % m_cluster->size();
        auto begun = m_cluster->beginSlotMigration(slot, to, 10);
        QVERIFY2(begun.ok(), begun.ok() ? "" : errorText(begun.error()).c_str());
        QCOMPARE(countKeysInSlot(m_cluster->direct(*from), slot), 10LL);
        QCOMPARE(countKeysInSlot(m_cluster->direct(to), slot), 10LL);

        // Keys moved and not yet moved are all readable.
        for (int i = 0; i < 20; ++i) {
            auto value = client->command({"GET", "{ask}" + std::to_string(i)});
            QVERIFY2(value.ok(), value.ok() ? "" : errorText(value.error()).c_str());
            QCOMPARE(value->text(), std::to_string(i));
        }
        QCOMPARE(client->redirectCounts().ask, 10);
        // A new key of a migrating slot is created on the importing node.
        QVERIFY(client->command({"SET", "{ask}new", "fresh"}).ok());
        QCOMPARE(countKeysInSlot(m_cluster->direct(to), slot), 11LL);
        auto fresh = client->command({"GET", "{ask}new"});
        QVERIFY(fresh.ok());
        QCOMPARE(fresh->text(), std::string("fresh"));
        // ASK is a one-off: the table still names the old owner, and no MOVED was needed.
        QCOMPARE(*client->nodeForKey("{ask}0"), m_cluster->node(*from));
        QCOMPARE(client->redirectCounts().moved, 0);

        QVERIFY(m_cluster->finishSlotMigration().ok());
        auto after = client->command({"GET", "{ask}3"});
        QVERIFY(after.ok());
        QCOMPARE(after->text(), std::string("3"));
        QCOMPARE(*client->nodeForKey("{ask}0"), m_cluster->node(to));
    }

    void followsAskInAPipeline()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const uint16_t slot = clusterKeySlot("askpipe");
        for (int i = 0; i < 20; ++i)
            QVERIFY(client->command({"SET", "{askpipe}" + std::to_string(i), std::to_string(i)}).ok());
        auto from = m_cluster->ownerOf(slot);
        QVERIFY(from.ok());
        QVERIFY(m_cluster->beginSlotMigration(slot, (*from + 1) % m_cluster->size(), 7).ok());
        std::vector<RedisCommand> reads;
        for (int i = 0; i < 20; ++i)
            reads.push_back({"GET", "{askpipe}" + std::to_string(i)});
        auto replies = client->pipelineForKey("askpipe", reads);
        QVERIFY2(replies.ok(), replies.ok() ? "" : errorText(replies.error()).c_str());
        for (int i = 0; i < 20; ++i)
            QCOMPARE((*replies)[i].text(), std::to_string(i));
        QCOMPARE(client->redirectCounts().ask, 7);
        QVERIFY(m_cluster->finishSlotMigration().ok());
    }

    void retriesTryAgainUntilTheMigrationCompletes()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const uint16_t slot = clusterKeySlot("tryagain");
        RedisCommand mget {"MGET"};
        for (int i = 0; i < 10; ++i) {
            QVERIFY(client->command({"SET", "{tryagain}" + std::to_string(i), std::to_string(i)}).ok());
            mget.push_back("{tryagain}" + std::to_string(i));
        }
        auto from = m_cluster->ownerOf(slot);
        QVERIFY(from.ok());
        QVERIFY(m_cluster->beginSlotMigration(slot, (*from + 1) % m_cluster->size(), 5).ok());
        // Half the keys moved: a read of all of them can be answered by neither node yet.
        SKIP_UNLESS_THE_SOURCE_ANSWERS_TRYAGAIN(m_cluster->direct(*from), mget);
        const long long tryAgainBefore = tryAgainCount(m_cluster->direct(*from));
        bool finished = false;
        std::thread finisher([&] {
            // The migration completes once the source has answered TRYAGAIN at least once.
            const auto giveUp = Clock::now() + std::chrono::seconds(10);
            while (tryAgainCount(m_cluster->direct(*from)) == tryAgainBefore && Clock::now() < giveUp)
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            finished = m_cluster->finishSlotMigration().ok();
        });
        auto values = client->command(mget);
        finisher.join();
        QVERIFY(finished);
        QVERIFY2(values.ok(), values.ok() ? "" : errorText(values.error()).c_str());
        for (int i = 0; i < 10; ++i)
            QCOMPARE(values->at(i).text(), std::to_string(i));
        QVERIFY(client->redirectCounts().retries >= 1);
    }

    void givesUpOnAPersistentTryAgainWithItsError()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const uint16_t slot = clusterKeySlot("stuck");
        for (int i = 0; i < 4; ++i)
            QVERIFY(client->command({"SET", "{stuck}" + std::to_string(i), "x"}).ok());
        auto from = m_cluster->ownerOf(slot);
        QVERIFY(from.ok());
        QVERIFY(m_cluster->beginSlotMigration(slot, (*from + 1) % m_cluster->size(), 2).ok());
        const RedisCommand mget {"MGET", "{stuck}0", "{stuck}1", "{stuck}2", "{stuck}3"};
        SKIP_UNLESS_THE_SOURCE_ANSWERS_TRYAGAIN(m_cluster->direct(*from), mget);
        auto values = client->command(mget);
        QVERIFY(!values.ok());
        QCOMPARE(values.error().kind, ErrorKind::Redirect);
        QVERIFY2(values.error().message.starts_with("TRYAGAIN"), values.error().message.c_str());
        QCOMPARE(client->redirectCounts().retries, 5);
        QVERIFY(m_cluster->finishSlotMigration().ok());
    }

    void aPipelineKeepsAPersistentTryAgainAsThatCommandsReply()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        const uint16_t slot = clusterKeySlot("stuckpipe");
        for (int i = 0; i < 4; ++i)
            QVERIFY(client->command({"SET", "{stuckpipe}" + std::to_string(i), std::to_string(i)}).ok());
        auto from = m_cluster->ownerOf(slot);
        QVERIFY(from.ok());
        QVERIFY(m_cluster->beginSlotMigration(slot, (*from + 1) % m_cluster->size(), 2).ok());
        SKIP_UNLESS_THE_SOURCE_ANSWERS_TRYAGAIN(m_cluster->direct(*from),
            RedisCommand({"MGET", "{stuckpipe}0", "{stuckpipe}1", "{stuckpipe}2", "{stuckpipe}3"}));
        auto replies = client->pipelineForKey("stuckpipe",
            {{"GET", "{stuckpipe}0"},
                {"MGET", "{stuckpipe}0", "{stuckpipe}1", "{stuckpipe}2", "{stuckpipe}3"},
                {"GET", "{stuckpipe}3"}});
        QVERIFY2(replies.ok(), replies.ok() ? "" : errorText(replies.error()).c_str());
        QCOMPARE((*replies)[0].text(), std::string("0"));
        QVERIFY((*replies)[1].isError());
        QVERIFY2((*replies)[1].text().starts_with("TRYAGAIN"), (*replies)[1].text().c_str());
        QCOMPARE((*replies)[2].text(), std::string("3"));
        QCOMPARE(client->redirectCounts().retries, 5);
        QVERIFY(m_cluster->finishSlotMigration().ok());
    }

    void boundsARedirectLoop()
    {
        // Two nodes that each believe the other owns an empty slot send a client back and forth.
        const uint16_t slot = clusterKeySlot("loop");
        auto owner = m_cluster->ownerOf(slot);
        QVERIFY(owner.ok());
        const size_t other = (*owner + 1) % m_cluster->size();
        QCOMPARE(countKeysInSlot(m_cluster->direct(*owner), slot), 0LL);
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        QVERIFY(m_cluster->direct(*owner)
                    .command({"CLUSTER", "SETSLOT", std::to_string(slot), "NODE", m_cluster->nodeId(other)})
                    .ok());
        auto reply = client->command({"GET", "{loop}key"});
        QVERIFY(!reply.ok());
        QCOMPARE(reply.error().kind, ErrorKind::Redirect);
        QVERIFY2(reply.error().message.find("gave up after 5 redirects") != std::string::npos,
            reply.error().message.c_str());
        QCOMPARE(client->redirectCounts().moved, ClusterClient::maxRedirects);
        // Give the slot back so that the cluster is whole again.
        QVERIFY(m_cluster->direct(*owner)
                    .command({"CLUSTER", "SETSLOT", std::to_string(slot), "NODE", m_cluster->nodeId(*owner)})
                    .ok());
        QVERIFY(m_cluster->waitUntilConsistent().ok());
        QVERIFY(client->command({"GET", "{loop}key"}).ok());
    }

    void refusesACrossSlotCommandBeforeSendingIt()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        QVERIFY(clusterKeySlot("cross-a") != clusterKeySlot("cross-b"));
        auto mset = client->command({"MSET", "cross-a", "1", "cross-b", "2"});
        QVERIFY(!mset.ok());
        QCOMPARE(mset.error().kind, ErrorKind::CrossSlot);
        for (const char* key : {"cross-a", "cross-b"})
            QCOMPARE(client->command({"EXISTS", key})->integer(), 0LL);

        QVERIFY(client->command({"SET", "cross-a", "kept"}).ok());
        auto del = client->command({"DEL", "cross-a", "cross-b"});
        QCOMPARE(del.error().kind, ErrorKind::CrossSlot);
        QCOMPARE(client->command({"GET", "cross-a"})->text(), std::string("kept"));

        auto eval = client->command({"EVAL", "return redis.call('DEL', KEYS[1])", "2", "cross-a", "cross-b"});
        QCOMPARE(eval.error().kind, ErrorKind::CrossSlot);
        QCOMPARE(client->command({"GET", "cross-a"})->text(), std::string("kept"));
        QCOMPARE(client->command({"MGET", "cross-a", "cross-b"}).error().kind, ErrorKind::CrossSlot);
    }

    void acceptsAMultiKeyCommandWithinOneSlot()
    {
        auto client = connectClient(*m_cluster);
        QVERIFY(client);
        QVERIFY(client->command({"MSET", "{same}a", "1", "{same}b", "2"}).ok());
        auto values = client->command({"MGET", "{same}a", "{same}b"});
        QVERIFY(values.ok());
        QCOMPARE(values->at(1).text(), std::string("2"));
        QCOMPARE(client->command({"DEL", "{same}a", "{same}b"})->integer(), 2LL);
    }

    void aReadOnlyClientRefusesWritesBeforeTheyReachAnyNode()
    {
        auto writer = connectClient(*m_cluster);
        QVERIFY(writer);
        QVERIFY(writer->command({"SET", "ro-key", "original"}).ok());
        ConnectionOptions options;
        options.readOnly = true;
        auto client = connectClient(*m_cluster, options);
        QVERIFY(client);

        std::vector<std::string> setCallsBefore;
        for (size_t n = 0; n < m_cluster->size(); ++n)
            setCallsBefore.push_back(
                infoField(m_cluster->direct(n).command({"INFO", "commandstats"})->text(), "cmdstat_set"));
        auto set = client->command({"SET", "ro-key", "changed"});
        QVERIFY(!set.ok());
        QCOMPARE(set.error().kind, ErrorKind::ReadOnlyRefused);
        QCOMPARE(client->commandForKey("ro-key", {"SET", "ro-key", "changed"}).error().kind,
            ErrorKind::ReadOnlyRefused);
        QCOMPARE(
            client->pipelineForKey("ro-key", {{"GET", "ro-key"}, {"SET", "ro-key", "changed"}}).error().kind,
            ErrorKind::ReadOnlyRefused);
        for (size_t n = 0; n < m_cluster->size(); ++n)
            QCOMPARE(infoField(m_cluster->direct(n).command({"INFO", "commandstats"})->text(), "cmdstat_set"),
                setCallsBefore[n]);

        auto value = client->command({"GET", "ro-key"});
        QVERIFY(value.ok());
        QCOMPARE(value->text(), std::string("original"));
    }

    void followsAFailoverToThePromotedReplica()
    {
        // A cluster of its own: this test kills a master.
        auto started = ClusterTestSetup::start(3);
        QVERIFY2(started.ok(), started.ok() ? "" : started.error().toString().c_str());
        auto& cluster = **started;
        const uint16_t slot = clusterKeySlot("failover");
        auto victim = cluster.ownerOf(slot);
        QVERIFY(victim.ok());
        auto replicaAdded = cluster.addReplica(*victim);
        QVERIFY2(replicaAdded.ok(), replicaAdded.ok() ? "" : replicaAdded.error().toString().c_str());
        const size_t replica = cluster.size() - 1;

        ConnectionOptions options;
        options.reconnect.budget = std::chrono::milliseconds(300); // a dead node is not waited for
        auto client = ClusterClient::connect(cluster.seedOptions(options));
        QVERIFY(client.ok());
        QVERIFY((*client)->command({"SET", "{failover}key", "before"}).ok());
        QVERIFY(cluster.direct(*victim).command({"WAIT", "1", "5000"})->integer() == 1);
        // WAIT's acknowledgement did not mean the replica could serve the key: on Valkey 8.1 the
        // replica, promoted after WAIT said 1, came up empty (offset 0) in 3 of 8 runs. This
        // test is about the client, not the server's replication: read the key there first.
        QVERIFY(cluster.direct(replica).command({"READONLY"}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(
            cluster.direct(replica).command({"GET", "{failover}key"})->text() == "before", 10000);

        cluster.server(*victim).kill();
        QVERIFY(cluster.waitUntilMaster(replica).ok());

        auto value = (*client)->command({"GET", "{failover}key"});
        QVERIFY2(value.ok(), value.ok() ? "" : errorText(value.error()).c_str());
        // describe() names the reply's type too: a nil and an error reply read alike as text().
        if (!value->isString() || value->text() != "before") {
            auto routed = (*client)->nodeForKey("{failover}key");
            auto direct = cluster.direct(replica).command({"GET", "{failover}key"});
            auto role = cluster.direct(replica).command({"ROLE"});
            const std::string why = "got " + value->describe() + " from "
                + (routed.ok() ? routed->toString() : std::string("?")) + "; the promoted replica "
                + cluster.node(replica).toString() + " answers "
                + (direct.ok() ? direct->describe() : errorText(direct.error())) + ", role "
                + (role.ok() ? role->describe() : errorText(role.error()));
            QFAIL(why.c_str());
        }
        QCOMPARE(*(*client)->nodeForKey("{failover}key"), cluster.node(replica));
        QVERIFY((*client)->command({"SET", "{failover}key", "after"}).ok());
        QCOMPARE(cluster.direct(replica).command({"GET", "{failover}key"})->text(), std::string("after"));
    }

    void anUnreachableSeedIsConnectionRefused()
    {
        ConnectionOptions options;
        options.port = 1;
        options.reconnect.budget = std::chrono::milliseconds(0);
        auto client = ClusterClient::connect(options);
        QVERIFY(!client.ok());
        QCOMPARE(client.error().kind, ErrorKind::ConnectionRefused);
    }

    void aServerWithoutClusterSupportIsAClearError()
    {
        RedisServerConfig config;
        auto standalone = RedisServerProcess::start(config);
        QVERIFY(standalone.ok());
        ConnectionOptions options;
        options.port = (*standalone)->port();
        auto client = ClusterClient::connect(options);
        QVERIFY(!client.ok());
        QVERIFY2(client.error().message.find("cluster support disabled") != std::string::npos,
            client.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(tst_ClusterClient)
#include "tst_ClusterClient.moc"
