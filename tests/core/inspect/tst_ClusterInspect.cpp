#include "inspect/LockSnapshot.h"
#include "support/CliRun.h"
#include "support/HashTaggedKindLock.h"
#include "support/LockFormats.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestServer.h"
#include "support/deployments/ClusterTestSetup.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace lockscope;
using test::HashTaggedKindLock;
using test::LockFormats;

// A three-master cluster built by hand (ADDSLOTS + MEET): list attributes every lock to its
// master, and release finds and removes a lock that lives on another master than the URL's.
class tst_ClusterInspect : public QObject
{
    Q_OBJECT
    std::vector<std::unique_ptr<RedisServerProcess>> m_servers;
    std::vector<std::unique_ptr<RedisConnection>> m_nodes;

    // lockscope-cli against the first node, auditing into its work directory.
    test::CliRun runCli(std::vector<std::string> args)
    {
        args.insert(args.begin(), {"--url", m_servers[0]->url()});
        return test::runCli(args, {{"LOCKSCOPE_AUDIT_LOG", m_servers[0]->workDir() + "/audit.log"}});
    }

    // The node owning `key`'s slot.
    size_t ownerOf(const std::string& key)
    {
        const long long slot = m_nodes[0]->command({"CLUSTER", "KEYSLOT", key})->integer();
        return slot <= 5460 ? 0 : slot <= 10922 ? 1 : 2;
    }

    // A lock name whose slot lives on node `wanted`.
    std::string nameOn(size_t wanted, const std::string& stem)
    {
        for (int i = 0;; ++i) {
            const std::string name = stem + std::to_string(i);
            if (ownerOf(name) == wanted)
                return name;
        }
    }

private slots:
    void initTestCase()
    {
        const std::vector<std::pair<int, int>> ranges {{0, 5460}, {5461, 10922}, {10923, 16383}};
        for (size_t i = 0; i < 3; ++i) {
            RedisServerConfig config;
            config.extraArgs = {"--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"};
            auto server = test::startServer(config);
            QVERIFY(server);
            auto connection = test::connectTo(*server);
            QVERIFY(connection);
            QVERIFY(connection->command(test::addSlotsCommand(ranges[i].first, ranges[i].second)).ok());
            m_servers.push_back(std::move(server));
            m_nodes.push_back(std::move(connection));
        }
        for (size_t i = 1; i < 3; ++i)
            QVERIFY(m_nodes[0]
                        ->command({"CLUSTER", "MEET", "127.0.0.1", std::to_string(m_servers[i]->port())})
                        .ok());
        for (auto& node : m_nodes) {
            QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    auto info = node->command({"CLUSTER", "INFO"});
                    auto slotMap = node->command({"CLUSTER", "SLOTS"});
                    return info && info->text().find("cluster_state:ok") != std::string::npos && slotMap
                        && slotMap->size() == 3;
                }(),
                20000);
        }
    }

    void cleanupTestCase()
    {
        m_nodes.clear();
        m_servers.clear();
    }

    void listAttributesEachLockToItsMaster()
    {
        std::vector<std::string> names;
        for (size_t node = 0; node < 3; ++node) {
            names.push_back(nameOn(node, "orders-"));
            QVERIFY(
                LockFormats::redissonLock(*m_nodes[node], names.back(), LockFormats::clientA, 1, 60000).ok());
        }
        auto result = runCli({"list", "--json"});
        QCOMPARE(result.code, 0);
        const auto locks = QJsonDocument::fromJson(result.out.toUtf8()).array();
        QCOMPARE(locks.size(), 3);
        for (size_t node = 0; node < 3; ++node) {
            bool found = false;
            for (const auto& value : locks) {
                const auto lock = value.toObject();
                if (lock["name"].toString().toStdString() == names[node]) {
                    found = true;
                    QCOMPARE(lock["node"].toString().toStdString(),
                        "127.0.0.1:" + std::to_string(m_servers[node]->port()));
                }
            }
            QVERIFY(found);
        }
    }

    // A hash-tagged name keeps its own tag in the fence counter's key (`lockscope:fence:orders:{42}`,
    // the lock's slot): the listing finds the counter on the lock's master and shows its fence.
    void aLockScopeLockUnderAHashTaggedNameShowsItsFence()
    {
        const std::string name = "orders:{42}";
        QVERIFY(LockFormats::lockScopeTokenLock(*m_nodes[ownerOf(name)], name).ok());
        auto result = runCli({"list", "--json"});
        QCOMPARE(result.code, 0);
        bool found = false;
        for (const auto& value : QJsonDocument::fromJson(result.out.toUtf8()).array()) {
            const auto lock = value.toObject();
            if (lock["name"].toString().toStdString() != name)
                continue;
            found = true;
            QCOMPARE(lock["library"].toString(), QStringLiteral("LockScope"));
            QCOMPARE(lock["fence"].toInteger(), 12LL);
        }
        QVERIFY(found);
        QVERIFY(m_nodes[ownerOf(name)]->command({"DEL", name, "lockscope:fence:orders:{42}"}).ok());
    }

    // Every kind of LockScope's own locks under a hash-tagged name, taken on the master of the
    // tag's slot (all its keys share the tag): `list` on another node shows it as itself with its
    // fence and holder, and `release NAME` frees it.
    void everyKindUnderAHashTaggedNameIsListedAsItselfAndReleased_data() { HashTaggedKindLock::addRows(); }

    void everyKindUnderAHashTaggedNameIsListedAsItselfAndReleased()
    {
        QFETCH(int, index);
        const auto kind = HashTaggedKindLock::everyKind()[size_t(index)];
        for (auto& node : m_nodes)
            QVERIFY(node->command({"FLUSHALL"}).ok());
        const size_t owner = ownerOf(kind.name);
        auto taken = kind.take(test::optionsFor(*m_servers[owner]), *m_nodes[owner]);
        QVERIFY2(taken, taken ? "" : taken.error().toString().c_str());

        auto result = runCli({"list", "--json"});
        QCOMPARE(result.code, 0);
        const auto locks = QJsonDocument::fromJson(result.out.toUtf8()).array();
        QCOMPARE(locks.size(), 1);
        const auto listed = locks[0].toObject();
        QCOMPARE(listed["name"].toString().toStdString(), kind.name);
        QCOMPARE(listed["kind"].toString().toStdString(), std::string(lockKindName(kind.listedAs)));
        QCOMPARE(
            listed["node"].toString().toStdString(), "127.0.0.1:" + std::to_string(m_servers[owner]->port()));
        QVERIFY(!listed["possible"].toBool());
        if (taken->fence)
            QCOMPARE(listed["fence"].toInteger(), *taken->fence);
        else
            QVERIFY(listed["fence"].isNull());
        const auto holders = listed["holders"].toArray();
        QCOMPARE(holders.size(), 1);
        QCOMPARE(holders[0].toObject()["mode"].toString().toStdString(),
            std::string(holderModeName(kind.holderMode)));

        if (kind.listedAs == LockKind::Semaphore) {
            QVERIFY(taken->lock->release().ok()); // semaphores are not force-released wholesale
        } else {
            auto released = runCli({"release", kind.name, "--force", "--yes"});
            QVERIFY2(released.code == 0, qPrintable(released.err));
        }
        auto after = runCli({"list", "--json"});
        for (const auto& value : QJsonDocument::fromJson(after.out.toUtf8()).array())
            QVERIFY(value.toObject()["holders"].toArray().isEmpty());
    }

    void releaseRemovesALockOnAnotherMaster()
    {
        const std::string name = nameOn(2, "report-");
        QVERIFY(LockFormats::redissonLock(*m_nodes[2], name, LockFormats::clientA, 7, 60000).ok());
        auto result = runCli({"release", name, "--force", "--yes"});
        QCOMPARE(result.code, 0);
        QCOMPARE(m_nodes[2]->command({"EXISTS", name})->integer(), 0LL);
    }
};

QTEST_GUILESS_MAIN(tst_ClusterInspect)
#include "tst_ClusterInspect.moc"
