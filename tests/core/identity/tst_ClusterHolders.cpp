#include "identity/IdentifiedListing.h"
#include "redis/CommandKeys.h"
#include "support/deployments/ClusterTestCase.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

// A cluster's holders are identified per master: each master's commands are sampled on a
// connection of its own, and each holder named by its own master's CLIENT LIST.
class tst_ClusterHolders : public test::ClusterTestCase
{
    Q_OBJECT

    // The master that owns `key`.
    size_t ownerOf(const std::string& key)
    {
        const auto slot = CommandKeys::slotOf({"GET", key});
        if (!slot || !*slot)
            return 0;
        const auto owner = m_cluster->ownerOf(**slot);
        return owner ? *owner : 0;
    }

private slots:
    void eachMastersHolderIsNamedByTheConnectionThatRenewsItThere()
    {
        // Two lock keys on two different masters.
        std::vector<std::string> keys {"lock:cluster:0"};
        for (int i = 1; keys.size() < 2 && i < 100; ++i) {
            const std::string key = "lock:cluster:" + std::to_string(i);
            if (ownerOf(key) != ownerOf(keys.front()))
                keys.push_back(key);
        }
        QCOMPARE(keys.size(), size_t(2));
        std::vector<std::unique_ptr<RedisConnection>> holders;
        for (size_t i = 0; i < keys.size(); ++i) {
            const std::string token = "0123456789abcdef0123456789abcde" + std::to_string(i);
            ConnectionOptions named = m_cluster->seedOptions();
            named.clientRole = "service-" + std::to_string(i);
            auto connection = RedisConnection::connectTo(named, m_cluster->node(ownerOf(keys[i])));
            QVERIFY(connection);
            QVERIFY((*connection)->command({"SET", keys[i], token, "PX", "60000"}));
            holders.push_back(std::move(*connection));
        }
        std::atomic<bool> stop {false};
        std::thread renewing([&] {
            while (!stop) {
                for (size_t i = 0; i < keys.size(); ++i)
                    (void)holders[i]->command({"PEXPIRE", keys[i], "60000"}); // no token: not enough
                for (size_t i = 0; i < keys.size(); ++i)
                    (void)holders[i]->command({"SET", keys[i],
                        "0123456789abcdef0123456789abcde" + std::to_string(i), "XX", "PX", "60000"});
                std::this_thread::sleep_for(100ms);
            }
        });
        SampleOptions sample;
        sample.duration = 10s;
        auto listing = IdentifiedListing::list(m_cluster->seedOptions(), InspectOptions {}, sample);
        stop = true;
        renewing.join();
        QVERIFY(listing);
        QCOMPARE(listing->samples.size(), m_cluster->size());
        for (size_t i = 0; i < keys.size(); ++i) {
            const LockSnapshot* lock = nullptr;
            for (const auto& found : listing->result.locks) {
                if (found.name == keys[i])
                    lock = &found;
            }
            QVERIFY(lock);
            QCOMPARE(lock->holders.front().identity.get().name, "lockscope:service-" + std::to_string(i));
            QCOMPARE(lock->node, m_cluster->node(ownerOf(keys[i])).toString());
        }
    }
};

QTEST_GUILESS_MAIN(tst_ClusterHolders)
#include "tst_ClusterHolders.moc"
