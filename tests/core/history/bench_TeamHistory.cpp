// A team's shared history in PostgreSQL beside the SQLite default (docs/benchmarks.md): ingest
// through HistoryRecorder into each store (the same code, only the location differs), and one
// lock's holds over one day among many events in PostgreSQL. `bench_team_history` runs this and
// then bench_History, whose second figure is the same query on SQLite, so both come from one run.
// A measurement, not a test. Argument: the events of the big history (default 10 million).

#include "history/HistoryQuery.h"
#include "history/HistoryRecorder.h"
#include "support/postgres/PostgresTestServer.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

using namespace lockscope;
using Clock = std::chrono::steady_clock;

namespace {

constexpr long long dayMs = 86400000;
constexpr int lockCount = 1000;
constexpr long long ingestEvents = 300000;
constexpr long long spanDays = 30;
constexpr long long startMs = 1700000000000;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// 1000 locks changing hands: each hold appears and is released.
LockEvent eventNumber(long long i)
{
    LockEvent event;
    const long long hold = i / 2;
    event.type = i % 2 == 0 ? LockEvent::Type::Appeared : LockEvent::Type::Released;
    event.atMs = startMs + i * 5;
    LockSnapshot lock;
    lock.name = "orders:" + std::to_string(hold % lockCount);
    lock.node = "10.0.0.7:6379";
    lock.kind = LockKind::Reentrant;
    lock.library = LockLibrary::Redisson;
    lock.ttlMs = 30000;
    lock.fence = hold;
    LockHolder holder;
    holder.owner = "8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b:" + std::to_string(hold % 64);
    lock.holders.push_back(holder);
    lock.waiterCount = hold % 5;
    event.lock = std::move(lock);
    return event;
}

// Events per second through the recorder's real path into `location`, default options.
double ingest(const std::string& location, const std::vector<LockEvent>& events)
{
    HistoryOptions options;
    options.source = "10.0.0.7:6379";
    auto recorder = HistoryRecorder::open(location, options, startMs);
    if (!recorder) {
        std::fprintf(stderr, "bench_team_history: %s\n", recorder.error().message.c_str());
        return 0;
    }
    (void)(*recorder)->watchingResumed({}, startMs, {"bench"});
    const auto start = Clock::now();
    for (const auto& event : events) {
        if (auto recorded = (*recorder)->record(event); !recorded) {
            std::fprintf(stderr, "bench_team_history: %s\n", recorded.error().message.c_str());
            return 0;
        }
    }
    if (auto closed = (*recorder)->close(events.back().atMs); !closed) {
        std::fprintf(stderr, "bench_team_history: %s\n", closed.error().message.c_str());
        return 0;
    }
    return static_cast<double>(events.size()) / secondsSince(start);
}

} // namespace

int main(int argc, char** argv)
{
    const long long bigEvents = argc > 1 ? std::atoll(argv[1]) : 10000000;
    auto postgres = test::PostgresTestServer::start();
    if (!postgres || !postgres->createDatabase("ingest") || !postgres->createDatabase("big"))
        return 1;
    int status = 0;

    std::vector<LockEvent> events;
    events.reserve(ingestEvents);
    for (long long i = 0; i < ingestEvents; ++i)
        events.push_back(eventNumber(i));
    const auto directory
        = std::filesystem::temp_directory_path() / ("lockscope-bench-team-" + std::to_string(getpid()));
    std::filesystem::create_directories(directory);
    const double sqliteRate = ingest((directory / "ingest.sqlite").string(), events);
    const double postgresRate = ingest(postgres->url("ingest"), events);
    std::filesystem::remove_all(directory);
    std::printf(
        "ingest, one recorder, %lld events: PostgreSQL %.0f events/s, SQLite %.0f events/s (target >= "
        "20000)\n",
        ingestEvents, postgresRate, sqliteRate);
    status |= postgresRate >= 20000 ? 0 : 2;

    // The big history: the real schema (made by a recorder), then rows by generate_series with
    // the indexes made afterwards, as a restore would.
    {
        auto recorder = HistoryRecorder::open(postgres->url("big"), {}, startMs);
        if (!recorder)
            return 1;
        (void)(*recorder)->close(startMs);
    }
    const long long holds = bigEvents / 2;
    const long long stepMs = spanDays * dayMs / holds;
    const std::string start = std::to_string(startMs);
    const auto generating = Clock::now();
    const std::string holder
        = "convert_to('8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b:' || ((i / 2) % 64), 'UTF8')";
    auto made = postgres->execute(
        "DROP INDEX events_by_lock, events_by_time, holds_by_lock, holds_by_start, holds_open;"
        "INSERT INTO locks(node, name, kind, library, source) SELECT convert_to('10.0.0.7:6379', 'UTF8'),"
        " convert_to('orders:' || i, 'UTF8'), 'reentrant', 'redisson', '10.0.0.7:6379'"
        " FROM generate_series(0, "
            + std::to_string(lockCount - 1)
            + ") i;"
              "INSERT INTO events(at_ms, lock_id, type, holders, holder_count, reentries, ttl_ms, fence, "
              "waiters,"
              " stuck) SELECT "
            + start + " + (i / 2) * " + std::to_string(stepMs) + " + (i % 2) * 200, (i / 2) % "
            + std::to_string(lockCount) + " + 1, CASE WHEN i % 2 = 0 THEN 0 ELSE 2 END, " + holder
            + ", 1, 1, 30000, i / 2, (i / 2) % 5, false FROM generate_series(0::bigint, "
            + std::to_string(bigEvents - 1)
            + ") i;"
              "INSERT INTO holds(lock_id, holder, mode, started_ms, ended_ms, ending, fence, max_reentries,"
              " max_waiters) SELECT (i / 2) % "
            + std::to_string(lockCount) + " + 1, " + holder + ", 'exclusive', " + start + " + (i / 2) * "
            + std::to_string(stepMs) + ", " + start + " + (i / 2) * " + std::to_string(stepMs)
            + " + 200, 1, i / 2, 1, (i / 2) % 5 FROM generate_series(0::bigint, "
            + std::to_string(bigEvents - 1)
            + ", 2) i;"
              "CREATE INDEX events_by_lock ON events(lock_id, at_ms);"
              "CREATE INDEX events_by_time ON events(at_ms);"
              "CREATE INDEX holds_by_lock ON holds(lock_id, started_ms, ended_ms);"
              "CREATE INDEX holds_by_start ON holds(started_ms);"
              "CREATE INDEX holds_open ON holds(lock_id, holder) WHERE ended_ms IS NULL;"
              "ANALYZE",
        "big");
    if (!made) {
        std::fprintf(stderr, "bench_team_history: %s\n", made.error().message.c_str());
        return 1;
    }
    std::printf("PostgreSQL: generated %lld events and %lld holds on %d locks over %lld days in %.1f s\n",
        bigEvents, holds, lockCount, spanDays, secondsSince(generating));
    auto query = HistoryQuery::open(postgres->url("big"));
    if (!query) {
        std::fprintf(stderr, "bench_team_history: %s\n", query.error().message.c_str());
        return 1;
    }
    std::vector<double> times;
    size_t found = 0;
    std::mt19937 random(16);
    for (int round = 0; round < 50; ++round) {
        const std::string lock = "orders:" + std::to_string(random() % lockCount);
        const long long from = startMs + static_cast<long long>(random() % (spanDays - 1)) * dayMs;
        const auto began = Clock::now();
        auto found_ = query->holds(lock, {from, from + dayMs});
        times.push_back(secondsSince(began) * 1000);
        if (!found_)
            return 1;
        found = found_->size();
    }
    std::sort(times.begin(), times.end());
    std::printf(
        "PostgreSQL: one lock's holds over a day among %lld events: %zu holds; median %.2f ms, max %.2f ms"
        " over 50 random locks and days (target < 50 ms median)\n",
        bigEvents, found, times[times.size() / 2], times.back());
    status |= times[times.size() / 2] < 50 ? 0 : 4;
    return status;
}
