// A team's shared history in PostgreSQL beside the SQLite default (docs/benchmarks.md), both
// figures from one run: ingest through HistoryRecorder into each store (the same code, only the
// location differs; every event starts or ends a hold), and one lock's holds over one day among
// many events in each. A measurement, not a test: `cmake --build <dir> --target
// bench_team_history`. Argument: the events of the big histories (default 10 million).

#include "core/history/HistoryBench.h"
#include "support/postgres/PostgresTestServer.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

using namespace lockscope;
using namespace lockscope::bench;

namespace {

constexpr long long ingestEvents = 300000;

// The big history in PostgreSQL: the real schema (made by a recorder), then rows by
// generate_series with the indexes made afterwards, as a restore would.
bool generatePostgresHistory(
    const test::PostgresTestServer& postgres, const std::string& database, long long events)
{
    if (!createSchema(postgres.url(database)))
        return false;
    const long long stepMs = spanDays * dayMs / (events / 2);
    const std::string start = std::to_string(startMs);
    const std::string step = std::to_string(stepMs);
    const std::string locks = std::to_string(lockCount);
    const std::string holder = "convert_to('" + benchHolder + "' || (h % 64), 'UTF8')";
    auto made = postgres.execute("DROP INDEX holds_by_lock, holds_by_start, holds_open;"
                                 "INSERT INTO locks(node, name, kind, library, source) SELECT convert_to('"
            + benchNode
            + "', 'UTF8'),"
              " convert_to('orders:' || i, 'UTF8'), 'reentrant', 'redisson', '"
            + benchNode
            + "'"
              " FROM generate_series(0, "
            + std::to_string(lockCount - 1)
            + ") i;"
              "INSERT INTO events(at_ms, lock_id, type, holders, holder_count, reentries, ttl_ms, fence, "
              "waiters, stuck)"
              " SELECT "
            + start + " + h * " + step + " + (i % 2) * 200, h % " + locks
            + " + 1,"
              " CASE WHEN i % 2 = 0 THEN 0 ELSE 2 END, "
            + holder
            + ", 1, 1, 30000, h, h % 5, false"
              " FROM generate_series(0::bigint, "
            + std::to_string(events - 1)
            + ") i, LATERAL (SELECT i / 2 AS h) x;"
              "INSERT INTO holds(lock_id, holder, mode, started_ms, ended_ms, ending, fence, max_reentries, "
              "max_waiters)"
              " SELECT h % "
            + locks + " + 1, " + holder + ", 'exclusive', " + start + " + h * " + step + ", " + start
            + " + h * " + step
            + " + 200, 1, h, 1, h % 5"
              " FROM generate_series(0::bigint, "
            + std::to_string(events / 2 - 1)
            + ") h;"
              "CREATE INDEX holds_by_lock ON holds(lock_id, started_ms, ended_ms);"
              "CREATE INDEX holds_by_start ON holds(started_ms);"
              "CREATE INDEX holds_open ON holds(lock_id, holder) WHERE ended_ms IS NULL;"
              "ANALYZE",
        database);
    if (!made)
        std::fprintf(stderr, "bench_team_history: %s\n", made.error().message.c_str());
    return made.ok();
}

} // namespace

int main(int argc, char** argv)
{
    const long long bigEvents = argc > 1 ? std::atoll(argv[1]) : 10000000;
    auto postgres = test::PostgresTestServer::start();
    if (!postgres || !postgres->createDatabase("ingest") || !postgres->createDatabase("big"))
        return 1;
    const auto directory
        = std::filesystem::temp_directory_path() / ("lockscope-bench-team-" + std::to_string(getpid()));
    std::filesystem::create_directories(directory);
    int status = 0;

    // Argument 2: events per hold (2: appear, release; 3: bench_History's appear, re-enter, release).
    const int eventsPerHold = argc > 2 ? std::atoi(argv[2]) : 2;
    const auto events = benchEvents(ingestEvents, eventsPerHold);
    const auto sqlite = ingest((directory / "ingest.sqlite").string(), events);
    const auto shared = ingest(postgres->url("ingest"), events, postgres->pid());
    std::printf(
        "ingest, one recorder, %lld events (%d per hold): PostgreSQL %.0f events/s, SQLite %.0f events/s"
        " (target >= 20000)\n",
        ingestEvents, eventsPerHold, shared.eventsPerSecond, sqlite.eventsPerSecond);
    // CPU time per event is what other work on the machine does not change (wall figures do).
    auto perEvent = [](double seconds) { return seconds * 1e6 / static_cast<double>(ingestEvents); };
    std::printf("  CPU per event: PostgreSQL %.1f us (recorder %.1f, server %.1f), SQLite %.1f us\n",
        perEvent(shared.cpuSeconds + shared.serverCpuSeconds), perEvent(shared.cpuSeconds),
        perEvent(shared.serverCpuSeconds), perEvent(sqlite.cpuSeconds));
    status |= shared.eventsPerSecond >= 20000 && sqlite.eventsPerSecond >= 20000 ? 0 : 2;

    const std::string sqliteFile = (directory / "big.sqlite").string();
    for (const char* store : {"PostgreSQL", "SQLite"}) {
        const bool onPostgres = store[0] == 'P';
        const auto generating = Clock::now();
        if (!(onPostgres ? generatePostgresHistory(*postgres, "big", bigEvents)
                         : generateSqliteHistory(sqliteFile, bigEvents)))
            return 1;
        std::printf("%s: generated %lld events and %lld holds on %d locks over %lld days in %.1f s\n", store,
            bigEvents, bigEvents / 2, lockCount, spanDays, secondsSince(generating));
        const auto times = timeOneDayQueries(onPostgres ? postgres->url("big") : sqliteFile);
        if (!times)
            return 1;
        printQueryTimes(store, bigEvents, *times);
        status |= times->medianMs < 50 ? 0 : 4;
    }
    std::filesystem::remove_all(directory);
    return status;
}
