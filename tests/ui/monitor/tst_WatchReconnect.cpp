#include "common/CancellationToken.h"
#include "fleet/FleetWatcher.h"
#include "fleet/ServerWatch.h"
#include "monitor/LockMonitorWorker.h"
#include "monitor/LockUpdateQueue.h"
#include "support/LockFormats.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

using namespace lockscope;
using namespace lockscope::ui;
using namespace std::chrono_literals;

namespace {

// lock name -> what a path reported happened to it while the server was away.
using AwayEvents = std::map<std::string, std::string>;

// The CLI's path: what FleetWatcher tells `watch` and `record`.
struct FleetEvents : FleetObserver
{
    std::mutex mutex;
    int listings = 0;
    int losses = 0;
    AwayEvents away;

    void watching(
        const FleetMember&, const std::vector<SharedLockSnapshot>&, const WatchingMode&, bool) override
    {
        std::lock_guard lock(mutex);
        ++listings;
    }
    void lockChanged(const FleetMember&, const LockEvent& event) override
    {
        std::lock_guard lock(mutex);
        if (event.missedSinceMs)
            away[event.lock->name] = std::string(LockEvent::typeName(event.type));
    }
    void lost(const FleetMember&, const RedisError&, int, std::chrono::milliseconds) override
    {
        std::lock_guard lock(mutex);
        ++losses;
    }
    void gap(const FleetMember&, long long, long long, const std::string&) override { }
    void gaveUp(const FleetMember&, const RedisError&) override { }
};

std::string wordFor(LockEventRecord::Type type)
{
    switch (type) {
    case LockEventRecord::Type::Appeared:
        return "appeared";
    case LockEventRecord::Type::Changed:
        return "changed";
    case LockEventRecord::Type::Released:
        return "released";
    case LockEventRecord::Type::Expired:
        return "expired";
    case LockEventRecord::Type::Admin:
        break;
    }
    return "admin";
}

} // namespace

// One supervisor of a watch (ServerWatch) for the CLI and the GUI: a server killed and started
// again on its port, with a lock changed, one gone and one new meanwhile, is reported the same by
// the CLI's FleetWatcher and by the GUI's monitor worker through its update queue.
class tst_WatchReconnect : public QObject
{
    Q_OBJECT

private slots:
    void theCliAndTheGuiReportTheSameChangesWhileTheServerWasAway()
    {
        auto server = test::startServer();
        QVERIFY(server);
        {
            auto redis = test::connectTo(*server);
            QVERIFY(redis);
            QVERIFY(
                redis->command({"SET", "lock:changed", test::LockFormats::randomHex(32), "PX", "600000"}));
            QVERIFY(redis->command({"SET", "lock:gone", test::LockFormats::randomHex(32), "PX", "600000"}));
        }
        ServerWatchOptions options;
        options.firstBackoff = 100ms;
        options.longestBackoff = 400ms;

        // The CLI's path: a fleet of one.
        FleetEvents cli;
        FleetWatchOptions fleetOptions;
        fleetOptions.server = options;
        FleetWatcher fleet({FleetMember {"a", test::optionsFor(*server), "test"}}, fleetOptions, cli);
        fleet.start();

        // The GUI's path: the monitor worker on a thread of its own, feeding its queue.
        MonitorSettings settings;
        settings.pollInterval = 1000ms;
        auto queue = std::make_shared<LockUpdateQueue>();
        auto cancel = std::make_shared<CancellationToken>();
        auto watch = std::make_shared<ServerWatch>(test::optionsFor(*server), options);
        LockMonitorWorker worker(watch, settings, queue, cancel);
        std::mutex statusMutex;
        QList<MonitorStatus::State> states;
        connect(
            &worker, &LockMonitorWorker::statusChanged, this,
            [&](const MonitorStatus& status) {
                std::lock_guard lock(statusMutex);
                states.append(status.state);
            },
            Qt::DirectConnection);
        std::thread gui([&worker] { worker.run(); });
        int guiListings = 0;
        AwayEvents guiAway;
        auto takeGui = [&] {
            const LockUpdateBatch batch = queue->take();
            guiListings += batch.reset ? 1 : 0;
            for (const auto& change : batch.changes)
                if (change.event.missedSinceMs >= 0)
                    guiAway[change.event.lock.snapshot().name] = wordFor(change.event.type);
        };
        auto cliListings = [&cli] {
            std::lock_guard lock(cli.mutex);
            return cli.listings;
        };
        QTRY_VERIFY_WITH_TIMEOUT((takeGui(), guiListings == 1 && cliListings() == 1), 20000);

        // Down; what it holds when it comes back was written meanwhile (by another server, saved
        // to the file this one loads).
        server->kill();
        {
            auto scratch = test::startServer();
            QVERIFY(scratch);
            auto redis = test::connectTo(*scratch);
            QVERIFY(redis);
            QVERIFY(
                redis->command({"SET", "lock:changed", test::LockFormats::randomHex(32), "PX", "600000"}));
            QVERIFY(
                redis->command({"SET", "lock:appeared", test::LockFormats::randomHex(32), "PX", "600000"}));
            QVERIFY(redis->command({"SAVE"}));
            std::filesystem::copy_file(std::filesystem::path(scratch->workDir()) / "dump.rdb",
                std::filesystem::path(server->workDir()) / "dump.rdb",
                std::filesystem::copy_options::overwrite_existing);
        }
        QVERIFY(server->restart().ok());

        const AwayEvents expected {
            {"lock:appeared", "appeared"}, {"lock:changed", "changed"}, {"lock:gone", "released"}};
        auto cliAway = [&cli] {
            std::lock_guard lock(cli.mutex);
            return cli.away;
        };
        QTRY_VERIFY_WITH_TIMEOUT((takeGui(), guiAway.size() >= 3 && cliAway().size() >= 3), 30000);
        fleet.stop();
        cancel->cancel();
        gui.join();
        takeGui();

        QCOMPARE(cliAway(), expected);
        QCOMPARE(guiAway, expected);
        QCOMPARE(guiListings, 2);
        QCOMPARE(cliListings(), 2);
        // Both saw the loss as data: the CLI as lost(), the GUI as a failed state, then watching.
        QVERIFY(cli.losses >= 1);
        std::lock_guard lock(statusMutex);
        const auto failed = states.indexOf(MonitorStatus::State::Failed);
        QVERIFY(failed >= 0);
        QVERIFY(states.indexOf(MonitorStatus::State::Watching, failed) > failed);
    }
};

QTEST_GUILESS_MAIN(tst_WatchReconnect)
#include "tst_WatchReconnect.moc"
