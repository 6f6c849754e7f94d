// Benchmark, not a test: how long the watcher takes to report a lock appearing, changing, being
// released and expiring on loopback, over many trials, with Redis's default expiry cycle (hz 10)
// and a slow one (hz 1, where a prompt `expired` comes only from the watcher's own TTL timer).
// Prints the distributions; never fails on a number. `cmake --build DIR --target bench_watch`.
#include "support/RedisTestServer.h"
#include "support/WatchLatencyProbe.h"

#include <QtTest>

using namespace lockscope;
using test::WatchLatencyProbe;

class bench_WatchLatency : public QObject
{
    Q_OBJECT

private slots:
    void latencyDistribution()
    {
        auto server = test::startServer(); // notify-keyspace-events KEA
        QVERIFY(server);
        auto redis = test::connectTo(*server);
        QVERIFY(redis);
        for (const char* hz : {"10", "1"}) {
            QVERIFY(redis->command({"CONFIG", "SET", "hz", hz}).ok());
            WatchLatencyProbe probe(*server);
            auto latencies = probe.measure(50);
            QVERIFY2(latencies.ok(), latencies.ok() ? "" : latencies.error().toString().c_str());
            for (const auto& [type, values] : *latencies)
                qInfo("hz %s, %-8s %s", hz, std::string(LockEvent::typeName(type)).c_str(),
                    WatchLatencyProbe::describe(values).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(bench_WatchLatency)
#include "bench_WatchLatency.moc"
