// Benchmark, not a test: one fleet recorder (the real `lockscope-cli record`, a process of its
// own) over SERVERS redis-servers into one PostgreSQL 15, each server's locks taken or let go RATE
// times a second for SECONDS; then one server's recorder at the same rate, for the CPU per event
// one server's recorder takes. Prints, per server: the changes made, the events the recorder's
// watcher reported (its /metrics lockscope_lock_events_total: a watcher that reads a key after it
// changed again reports the state it found, so under load a few changes are one event) and the
// events written (every reported one must be), the write lag (from a change's reply to its event
// row being committed, seen by counting the rows every 100 ms: up to 100 ms coarse) p50/p99, the
// worst server's p99, and the recorder's CPU per event in both runs.
// `cmake --build DIR --target bench_fleet_history`; arguments: [SERVERS=20] [RATE=200] [SECONDS=30].
#include "RecordProcess.h"
#include "common/WallClock.h"
#include "sandbox/FreePort.h"
#include "sandbox/SpawnedProcess.h"
#include "support/BenchMeasures.h"
#include "support/RedisTestServer.h"
#include "support/postgres/PostgresTestServer.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <vector>

using namespace lockscope;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int locksPerServer = 10;

struct Run
{
    std::vector<long long> changes; // per server
    std::vector<long long> written; // events in the database, per server
    std::vector<long long> reported; // events the recorder's watcher reported, per server
    std::vector<double> p50, p99; // write lag per server, ms
    double cpuSeconds = 0;
    long long events = 0;
};

std::string nameOf(const RedisServerProcess& server)
{
    return "127.0.0.1:" + std::to_string(server.port());
}

// Events per server in `database` as the recorder named them.
std::map<std::string, long long> eventCounts(
    const test::PostgresTestServer& postgres, const std::string& database)
{
    std::map<std::string, long long> counts;
    auto rows = postgres.scalar(
        "SELECT coalesce(string_agg(source || '=' || n, ','), '') FROM (SELECT l.source,"
        " count(*) AS n FROM events e JOIN locks l ON l.id = e.lock_id GROUP BY l.source) t",
        database);
    if (!rows)
        return counts;
    size_t at = 0;
    while (at < rows->size()) {
        size_t end = rows->find(',', at);
        if (end == std::string::npos)
            end = rows->size();
        const std::string pair = rows->substr(at, end - at);
        const size_t equals = pair.rfind('=');
        if (equals != std::string::npos)
            counts[pair.substr(0, equals)] = std::atoll(pair.c_str() + equals + 1);
        at = end + 1;
    }
    return counts;
}

Run record(const std::vector<std::unique_ptr<RedisServerProcess>>& servers, size_t count,
    test::PostgresTestServer& postgres, const std::string& database, int rate, int seconds)
{
    Run run;
    if (!postgres.createDatabase(database)) {
        std::fprintf(stderr, "cannot create database %s\n", database.c_str());
        std::exit(1);
    }
    std::vector<std::string> args {LOCKSCOPE_CLI_PATH};
    for (size_t i = 0; i < count; ++i) {
        args.push_back("--url");
        args.push_back(servers[i]->url());
    }
    const int metricsPort = pickFreePort();
    args.insert(args.end(),
        {"record", "--db", postgres.url(database), "--metrics", "127.0.0.1:" + std::to_string(metricsPort)});
    auto recorder = SpawnedProcess::start(args, {"/tmp/bench_fleet_history." + database + ".log", {}});
    if (!recorder) {
        std::fprintf(stderr, "cannot start lockscope-cli: %s\n", recorder.error().message.c_str());
        std::exit(1);
    }
    // Every server's session open and listed (an empty listing is quick).
    const auto ready = Clock::now() + 60s;
    auto open = [&] {
        auto sessions = postgres.scalar("SELECT count(*) FROM sessions WHERE ended_ms IS NULL", database);
        return sessions ? *sessions : std::string();
    };
    while (open() != std::to_string(count)) {
        if (Clock::now() > ready) {
            std::fprintf(stderr, "the recorder did not start (see /tmp/bench_fleet_history.%s.log)\n",
                database.c_str());
            std::exit(1);
        }
        std::this_thread::sleep_for(100ms);
    }
    std::this_thread::sleep_for(2s);

    // Each server: a writer at `rate` changes a second (a lock taken, or let go), each change's
    // reply time kept.
    const long long total = static_cast<long long>(rate) * seconds;
    std::vector<std::vector<long long>> sentAt(count, std::vector<long long>(static_cast<size_t>(total), 0));
    std::vector<std::atomic<long long>> published(count); // sentAt[s]'s entries set so far
    std::atomic<bool> failed {false};
    std::vector<std::thread> writers;
    const auto begin = Clock::now();
    for (size_t s = 0; s < count; ++s) {
        writers.emplace_back([&, s] {
            auto client = test::connectTo(*servers[s]);
            if (!client) {
                failed = true;
                return;
            }
            const auto period = std::chrono::nanoseconds(1'000'000'000LL / rate);
            std::vector<bool> held(locksPerServer, false);
            for (long long i = 0; i < total; ++i) {
                std::this_thread::sleep_until(begin + i * period);
                const int lock = static_cast<int>(i % locksPerServer);
                const std::string key = "lock:bench:" + std::to_string(lock);
                auto reply = held[lock]
                    ? client->command({"DEL", key})
                    : client->command({"SET", key, "token-" + std::to_string(i), "PX", "600000"});
                if (!reply.ok()) {
                    failed = true;
                    return;
                }
                held[lock] = !held[lock];
                sentAt[s][static_cast<size_t>(i)] = epochMillisNow();
                published[s].store(i + 1, std::memory_order_release);
            }
        });
    }
    // Polls the rows per server: the k-th change of a server is written when its count reaches k.
    std::vector<std::vector<double>> lags(count);
    std::vector<size_t> seen(count, 0);
    const auto giveUp = begin + std::chrono::seconds(seconds) + 30s;
    const auto writersDone = begin + std::chrono::seconds(seconds);
    std::map<std::string, long long> previous;
    auto stableSince = Clock::now();
    for (;;) {
        const long long now = epochMillisNow();
        const auto counts = eventCounts(postgres, database);
        // A change coalesced into the next by a watcher that read late never gets a row: once
        // the writers are done and nothing more arrives for 3 s, everything reported is in.
        if (counts != previous) {
            previous = counts;
            stableSince = Clock::now();
        } else if (Clock::now() > writersDone && Clock::now() - stableSince > 3s) {
            break;
        }
        bool all = true;
        for (size_t s = 0; s < count; ++s) {
            auto it = counts.find(nameOf(*servers[s]));
            const size_t written = it == counts.end() ? 0 : static_cast<size_t>(it->second);
            // Only changes whose reply time is known count (one written before its writer noted
            // the time is counted at the next poll: its lag reads up to 100 ms long).
            const auto known = static_cast<size_t>(published[s].load(std::memory_order_acquire));
            while (seen[s] < written && seen[s] < known) {
                lags[s].push_back(static_cast<double>(now - sentAt[s][seen[s]]));
                ++seen[s];
            }
            all = all && static_cast<long long>(seen[s]) >= total;
        }
        if (all || Clock::now() > giveUp || failed)
            break;
        std::this_thread::sleep_for(100ms);
    }
    for (auto& writer : writers)
        writer.join();
    run.cpuSeconds = test::processCpuSeconds(recorder->pid());
    const std::string metrics = test::RecordProcess::fetchMetrics(metricsPort);
    recorder->stop(SIGTERM, 30s);
    const auto counts = eventCounts(postgres, database);
    for (size_t s = 0; s < count; ++s) {
        run.changes.push_back(published[s].load());
        auto it = counts.find(nameOf(*servers[s]));
        run.written.push_back(it == counts.end() ? 0 : it->second);
        // The events reported: one server's metrics carry no server label.
        const std::string series = count == 1
            ? std::string("lockscope_lock_events_total{")
            : "lockscope_lock_events_total{server=\"" + nameOf(*servers[s]) + "\"";
        long long reported = 0;
        for (size_t at = metrics.find(series); at != std::string::npos; at = metrics.find(series, at + 1)) {
            const size_t end = metrics.find('\n', at);
            const size_t space = metrics.rfind(' ', end);
            reported += std::atoll(metrics.c_str() + space + 1);
        }
        run.reported.push_back(reported);
        run.events += run.written.back();
        run.p50.push_back(test::percentile(lags[s], 0.50));
        run.p99.push_back(test::percentile(lags[s], 0.99));
    }
    if (failed)
        std::fprintf(stderr, "a writer failed\n");
    return run;
}

} // namespace

int main(int argc, char** argv)
{
    const int serverCount = argc > 1 ? std::atoi(argv[1]) : 20;
    const int rate = argc > 2 ? std::atoi(argv[2]) : 200;
    const int seconds = argc > 3 ? std::atoi(argv[3]) : 30;
    auto postgres = test::PostgresTestServer::start();
    if (!postgres)
        return 1;
    std::vector<std::unique_ptr<RedisServerProcess>> servers;
    for (int i = 0; i < serverCount; ++i) {
        servers.push_back(test::startServer());
        if (!servers.back())
            return 1;
        auto client = test::connectTo(*servers.back());
        if (!client || !client->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok())
            return 1;
    }
    std::printf("fleet recorder: %d servers x %d changes/s for %d s into one PostgreSQL 15\n", serverCount,
        rate, seconds);
    const Run fleet = record(servers, servers.size(), *postgres, "fleet", rate, seconds);
    long long changes = 0, written = 0, reported = 0;
    double worstP99 = 0, worstP50 = 0;
    std::vector<double> allP99;
    for (size_t s = 0; s < servers.size(); ++s) {
        changes += fleet.changes[s];
        written += fleet.written[s];
        reported += fleet.reported[s];
        worstP99 = std::max(worstP99, fleet.p99[s]);
        worstP50 = std::max(worstP50, fleet.p50[s]);
        std::printf("  %-16s changes %6lld  reported %6lld  written %6lld  lag p50 %5.0f ms  p99 %5.0f ms\n",
            nameOf(*servers[s]).c_str(), fleet.changes[s], fleet.reported[s], fleet.written[s], fleet.p50[s],
            fleet.p99[s]);
    }
    std::printf(
        "all servers: changes %lld, reported %lld, written %lld (%s); worst server's lag p50 %.0f ms, "
        "p99 %.0f ms\n",
        changes, reported, written, reported == written ? "every reported event" : "MISSING SOME", worstP50,
        worstP99);
    std::printf("fleet recorder CPU: %.2f s for %lld events: %.1f us per event\n", fleet.cpuSeconds,
        fleet.events, fleet.events ? fleet.cpuSeconds * 1e6 / double(fleet.events) : 0.0);

    const Run one = record(servers, 1, *postgres, "single", rate, seconds);
    std::printf(
        "one server's recorder: changes %lld, reported %lld, written %lld, lag p50 %.0f ms, p99 %.0f ms; CPU "
        "%.2f s for %lld events: %.1f us per event\n",
        one.changes[0], one.reported[0], one.written[0], one.p50[0], one.p99[0], one.cpuSeconds, one.events,
        one.events ? one.cpuSeconds * 1e6 / double(one.events) : 0.0);
    return reported == written && one.reported[0] == one.written[0] ? 0 : 2;
}
