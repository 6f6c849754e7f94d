// The lock history's figures (docs/benchmarks.md): ingest rate through the recorder's real path, the
// time for one lock's holds over a day among 10 million events, and the database size per
// million events. A measurement, not a test: `cmake --build <dir> --target bench_history`.
// Bounded to a couple of minutes; the 10-million-event database is generated with SQL in one
// transaction (only the ingest goes through HistoryRecorder).

#include "history/HistoryQuery.h"
#include "history/HistoryRecorder.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
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
constexpr long long bigEvents = 10000000;
constexpr long long spanDays = 30;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double megabytes(const std::filesystem::path& file)
{
    double bytes = 0;
    for (const char* suffix : {"", "-wal"}) {
        std::error_code error;
        const auto size = std::filesystem::file_size(file.string() + suffix, error);
        if (!error)
            bytes += static_cast<double>(size);
    }
    return bytes / 1e6;
}

// Events as the watcher reports them while 1000 locks change hands: each hold appears, is
// re-entered once and released.
LockEvent eventNumber(long long i, long long startMs)
{
    LockEvent event;
    const long long hold = i / 3;
    event.type = i % 3 == 0 ? LockEvent::Type::Appeared
        : i % 3 == 1        ? LockEvent::Type::Changed
                            : LockEvent::Type::Released;
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
    holder.count = i % 3 == 1 ? 2 : 1;
    lock.holders.push_back(holder);
    lock.waiterCount = hold % 5;
    event.lock = std::move(lock);
    return event;
}

bool execute(sqlite3* database, const std::string& sql)
{
    char* message = nullptr;
    if (sqlite3_exec(database, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK)
        return true;
    std::fprintf(stderr, "bench_history: %s\n", message ? message : "?");
    sqlite3_free(message);
    return false;
}

} // namespace

int main()
{
    const auto directory
        = std::filesystem::temp_directory_path() / ("lockscope-bench-history-" + std::to_string(getpid()));
    std::filesystem::create_directories(directory);
    const long long startMs = 1700000000000;
    int status = 0;

    // 1. Ingest through HistoryRecorder::record, default options (batches of 1000, WAL).
    {
        const auto file = directory / "ingest.sqlite";
        auto recorder = HistoryRecorder::open(file.string(), {}, startMs);
        if (!recorder) {
            std::fprintf(stderr, "bench_history: %s\n", recorder.error().message.c_str());
            return 1;
        }
        (void)(*recorder)->watchingResumed({}, startMs, {"bench"});
        std::vector<LockEvent> events;
        events.reserve(ingestEvents);
        for (long long i = 0; i < ingestEvents; ++i)
            events.push_back(eventNumber(i, startMs));
        const auto start = Clock::now();
        for (const auto& event : events) {
            if (auto recorded = (*recorder)->record(event); !recorded) {
                std::fprintf(stderr, "bench_history: %s\n", recorded.error().message.c_str());
                return 1;
            }
        }
        (void)(*recorder)->close(events.back().atMs);
        const double seconds = secondsSince(start);
        std::printf("ingest: %lld events in %.2f s = %.0f events/s (target >= 20000)\n", ingestEvents,
            seconds, static_cast<double>(ingestEvents) / seconds);
        std::printf("size (recorder's own rows: events and derived holds): %.1f MB per million events\n",
            megabytes(file) / (static_cast<double>(ingestEvents) / 1e6));
        status |= static_cast<double>(ingestEvents) / seconds >= 20000 ? 0 : 2;
    }

    // 2. 10 million events over 30 days on 1000 locks (5 million holds), generated with SQL in
    // one transaction, then one lock's holds over one day through HistoryQuery.
    const auto file = directory / "big.sqlite";
    {
        auto recorder = HistoryRecorder::open(file.string(), {}, startMs); // the real schema
        if (!recorder)
            return 1;
        (void)(*recorder)->close(startMs);
    }
    {
        sqlite3* database = nullptr;
        sqlite3_open(file.c_str(), &database);
        const long long holds = bigEvents / 2;
        const long long stepMs = spanDays * dayMs / holds; // one hold starts this often, across locks
        const std::string start = std::to_string(startMs);
        const auto generating = Clock::now();
        // Indexes are dropped for the bulk insert and made again afterwards from their own
        // definitions (a sort instead of 15 million random B-tree inserts).
        std::vector<std::string> indexes;
        sqlite3_stmt* statement = nullptr;
        sqlite3_prepare_v2(database,
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL", -1, &statement,
            nullptr);
        std::string drop;
        while (sqlite3_step(statement) == SQLITE_ROW) {
            drop += "DROP INDEX "
                + std::string(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0))) + ";";
            indexes.push_back(reinterpret_cast<const char*>(sqlite3_column_text(statement, 1)));
        }
        sqlite3_finalize(statement);
        std::string create;
        for (const auto& index : indexes)
            create += index + ";";
        const bool made
            = execute(database, "PRAGMA synchronous=OFF; PRAGMA cache_size=-262144; BEGIN;" + drop)
            && execute(database,
                "INSERT INTO locks(node, name, kind, library) WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL "
                "SELECT i + 1"
                " FROM n WHERE i < "
                    + std::to_string(lockCount - 1)
                    + ") SELECT '10.0.0.7:6379', CAST('orders:' || i AS BLOB),"
                      " 'reentrant', 'Redisson' FROM n")
            && execute(database,
                "INSERT INTO events(at_ms, lock_id, type, holders, holder_count, reentries, ttl_ms, fence, "
                "waiters, stuck)"
                " WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < "
                    + std::to_string(bigEvents - 1) + ") SELECT " + start + " + (i / 2) * "
                    + std::to_string(stepMs) + " + (i % 2) * 200, (i / 2) % " + std::to_string(lockCount)
                    + " + 1, CASE WHEN i % 2 = 0 THEN 0 ELSE 2 END,"
                      " CAST('8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b:' || ((i / 2) % 64) AS BLOB), 1, 1, "
                      "30000, i / 2, (i / 2) % 5, 0 FROM n")
            && execute(database,
                "INSERT INTO holds(lock_id, holder, mode, started_ms, ended_ms, ending, fence, "
                "max_reentries, max_waiters)"
                " WITH RECURSIVE n(h) AS (SELECT 0 UNION ALL SELECT h + 1 FROM n WHERE h < "
                    + std::to_string(holds - 1) + ") SELECT h % " + std::to_string(lockCount)
                    + " + 1, CAST('8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b:' || (h % 64) AS BLOB),"
                      " 'exclusive', "
                    + start + " + h * " + std::to_string(stepMs) + ", " + start + " + h * "
                    + std::to_string(stepMs) + " + 200, 1, h, 1, h % 5 FROM n")
            && execute(database, create + "COMMIT; PRAGMA wal_checkpoint(TRUNCATE);");
        sqlite3_close(database);
        if (!made)
            return 1;
        std::printf("generated %lld events and %lld holds on %d locks over %lld days in %.1f s: %.0f MB, "
                    "%.1f MB per million events\n",
            bigEvents, holds, lockCount, spanDays, secondsSince(generating), megabytes(file),
            megabytes(file) / (static_cast<double>(bigEvents) / 1e6));
    }
    {
        auto query = HistoryQuery::open(file.string());
        if (!query) {
            std::fprintf(stderr, "bench_history: %s\n", query.error().message.c_str());
            return 1;
        }
        std::vector<double> times;
        size_t found = 0;
        std::mt19937 random(16);
        for (int round = 0; round < 50; ++round) {
            const std::string lock = "orders:" + std::to_string(random() % lockCount);
            const long long from = startMs + static_cast<long long>(random() % (spanDays - 1)) * dayMs;
            const auto start = Clock::now();
            auto holds = query->holds(lock, {from, from + dayMs});
            times.push_back(secondsSince(start) * 1000);
            if (!holds)
                return 1;
            found = holds->size();
        }
        const double first = times.front();
        std::sort(times.begin(), times.end());
        std::printf("one lock's holds over a day among %lld events: %zu holds; first %.2f ms, median %.2f "
                    "ms, max %.2f ms"
                    " over 50 random locks and days (target < 50 ms)\n",
            bigEvents, found, first, times[times.size() / 2], times.back());
        status |= times.back() < 50 ? 0 : 4;
    }
    std::filesystem::remove_all(directory);
    return status;
}
