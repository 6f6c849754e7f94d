#pragma once

// What the history benchmarks (bench_History: SQLite alone; bench_TeamHistory: PostgreSQL beside
// SQLite) share: the events they ingest, the ingest through the recorder's real path, the
// 10-million-event SQLite history made with SQL, and the one-day query they time.

#include "history/HistoryQuery.h"
#include "history/HistoryRecorder.h"

#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace lockscope::bench {

using Clock = std::chrono::steady_clock;

constexpr long long dayMs = 86400000;
constexpr int lockCount = 1000;
constexpr long long spanDays = 30;
constexpr long long startMs = 1700000000000;
inline const std::string benchNode = "10.0.0.7:6379";
inline const std::string benchHolder = "8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b:";

inline double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Event `i` while 1000 locks change hands, 5 ms apart: each hold appears, is re-entered once
// (with eventsPerHold 3; a Changed event moves no hold) and is released.
inline LockEvent benchEvent(long long i, int eventsPerHold)
{
    LockEvent event;
    const long long hold = i / eventsPerHold;
    const long long step = i % eventsPerHold;
    event.type = step == 0          ? LockEvent::Type::Appeared
        : step == eventsPerHold - 1 ? LockEvent::Type::Released
                                    : LockEvent::Type::Changed;
    event.atMs = startMs + i * 5;
    LockSnapshot lock;
    lock.name = "orders:" + std::to_string(hold % lockCount);
    lock.node = benchNode;
    lock.kind = LockKind::Reentrant;
    lock.library = LockLibrary::Redisson;
    lock.ttlMs = 30000;
    lock.fence = hold;
    LockHolder holder;
    holder.owner = benchHolder + std::to_string(hold % 64);
    holder.count = event.type == LockEvent::Type::Changed ? 2 : 1;
    lock.holders.push_back(holder);
    lock.waiterCount = hold % 5;
    event.lock = std::move(lock);
    return event;
}

inline std::vector<LockEvent> benchEvents(long long count, int eventsPerHold)
{
    std::vector<LockEvent> events;
    events.reserve(static_cast<size_t>(count));
    for (long long i = 0; i < count; ++i)
        events.push_back(benchEvent(i, eventsPerHold));
    return events;
}

// CPU seconds (user and system) that process `pid` used, with its children that have ended
// (`withEnded`), from /proc.
inline double cpuSecondsOf(pid_t pid, bool withEnded)
{
    std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const auto afterName = stat.rfind(')');
    if (afterName == std::string::npos)
        return 0;
    std::istringstream fields(stat.substr(afterName + 2));
    std::vector<std::string> field(
        (std::istream_iterator<std::string>(fields)), std::istream_iterator<std::string>());
    if (field.size() < 15)
        return 0;
    // After the name: state is field 3 of stat(5), so field n is at n - 3.
    double ticks = std::stod(field[11]) + std::stod(field[12]);
    if (withEnded)
        ticks += std::stod(field[13]) + std::stod(field[14]);
    return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// CPU seconds of `parent` (a PostgreSQL postmaster) and all its processes, living or ended.
inline double cpuSecondsWithChildren(pid_t parent)
{
    double seconds = cpuSecondsOf(parent, true);
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        std::ifstream file(entry.path() / "stat");
        std::string stat((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        const auto afterName = stat.rfind(')');
        if (afterName == std::string::npos)
            continue;
        std::istringstream fields(stat.substr(afterName + 2));
        std::string state;
        pid_t ppid = 0;
        fields >> state >> ppid;
        if (ppid == parent)
            seconds += cpuSecondsOf(std::stoi(name), false);
    }
    return seconds;
}

inline double ownCpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

struct IngestFigures
{
    double eventsPerSecond = 0; // wall clock; 0 after a failure
    double cpuSeconds = 0; // the recorder's (SQLite writes in the recorder's process)
    double serverCpuSeconds = 0; // the database server's, where there is one
};

// Events per second through HistoryRecorder::record into `location` (default options, source
// named), close included, and the CPU time that took (the recorder's, and that of the server
// `serverPid` and its processes, if given); a failure is said on stderr.
inline IngestFigures ingest(
    const std::string& location, const std::vector<LockEvent>& events, pid_t serverPid = 0)
{
    HistoryOptions options;
    options.source = benchNode;
    auto recorder = HistoryRecorder::open(location, options, startMs);
    if (!recorder) {
        std::fprintf(stderr, "bench: %s\n", recorder.error().message.c_str());
        return {};
    }
    (void)(*recorder)->watchingResumed({}, startMs, {"bench", {}});
    const double cpuBefore = ownCpuSeconds();
    const double serverCpuBefore = serverPid > 0 ? cpuSecondsWithChildren(serverPid) : 0;
    const auto start = Clock::now();
    for (const auto& event : events) {
        if (auto recorded = (*recorder)->record(event); !recorded) {
            std::fprintf(stderr, "bench: %s\n", recorded.error().message.c_str());
            return {};
        }
    }
    if (auto closed = (*recorder)->close(events.back().atMs); !closed) {
        std::fprintf(stderr, "bench: %s\n", closed.error().message.c_str());
        return {};
    }
    IngestFigures figures;
    figures.eventsPerSecond = static_cast<double>(events.size()) / secondsSince(start);
    figures.cpuSeconds = ownCpuSeconds() - cpuBefore;
    figures.serverCpuSeconds = (serverPid > 0 ? cpuSecondsWithChildren(serverPid) : 0) - serverCpuBefore;
    return figures;
}

// Makes the history's schema at `location` through a recorder, as a first run would.
inline bool createSchema(const std::string& location)
{
    auto recorder = HistoryRecorder::open(location, {}, startMs);
    if (!recorder) {
        std::fprintf(stderr, "bench: %s\n", recorder.error().message.c_str());
        return false;
    }
    return (*recorder)->close(startMs).ok();
}

struct QueryTimes
{
    size_t holds = 0; // found by the last query
    double firstMs = 0, medianMs = 0, maxMs = 0;
};

// One lock's holds over one day through HistoryQuery, 50 random locks and days.
inline std::optional<QueryTimes> timeOneDayQueries(const std::string& location)
{
    auto query = HistoryQuery::open(location);
    if (!query) {
        std::fprintf(stderr, "bench: %s\n", query.error().message.c_str());
        return std::nullopt;
    }
    std::vector<double> times;
    QueryTimes result;
    std::mt19937 random(16);
    for (int round = 0; round < 50; ++round) {
        const std::string lock = "orders:" + std::to_string(random() % lockCount);
        const long long from = startMs + static_cast<long long>(random() % (spanDays - 1)) * dayMs;
        const auto began = Clock::now();
        auto holds = query->holds(lock, {from, from + dayMs});
        times.push_back(secondsSince(began) * 1000);
        if (!holds)
            return std::nullopt;
        result.holds = holds->size();
    }
    result.firstMs = times.front();
    std::sort(times.begin(), times.end());
    result.medianMs = times[times.size() / 2];
    result.maxMs = times.back();
    return result;
}

inline void printQueryTimes(const char* store, long long events, const QueryTimes& times)
{
    std::printf("%s: one lock's holds over a day among %lld events: %zu holds; first %.2f ms, median %.2f ms,"
                " max %.2f ms over 50 random locks and days (target < 50 ms median)\n",
        store, events, times.holds, times.firstMs, times.medianMs, times.maxMs);
}

inline bool executeSqlite(sqlite3* database, const std::string& sql)
{
    char* message = nullptr;
    if (sqlite3_exec(database, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK)
        return true;
    std::fprintf(stderr, "bench: %s\n", message ? message : "?");
    sqlite3_free(message);
    return false;
}

// `events` events (events / 2 holds) on 1000 locks over 30 days written into the SQLite history
// `file` (its schema made by a recorder) with SQL in one transaction. Its indexes are dropped for
// the bulk insert and made again afterwards from their own definitions (a sort instead of
// millions of random B-tree inserts).
inline bool generateSqliteHistory(const std::string& file, long long events)
{
    if (!createSchema(file))
        return false;
    sqlite3* database = nullptr;
    sqlite3_open(file.c_str(), &database);
    const long long holds = events / 2;
    const long long stepMs = spanDays * dayMs / holds; // one hold starts this often, across locks
    const std::string start = std::to_string(startMs);
    std::vector<std::string> indexes;
    sqlite3_stmt* statement = nullptr;
    sqlite3_prepare_v2(database,
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL", -1, &statement,
        nullptr);
    std::string drop;
    while (sqlite3_step(statement) == SQLITE_ROW) {
        drop += "DROP INDEX " + std::string(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)))
            + ";";
        indexes.push_back(reinterpret_cast<const char*>(sqlite3_column_text(statement, 1)));
    }
    sqlite3_finalize(statement);
    std::string create;
    for (const auto& index : indexes)
        create += index + ";";
    const std::string holder = "CAST('" + benchHolder + "' || (h % 64) AS BLOB)";
    const bool made
        = executeSqlite(database, "PRAGMA synchronous=OFF; PRAGMA cache_size=-262144; BEGIN;" + drop)
        && executeSqlite(database,
            "INSERT INTO locks(node, name, kind, library) WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT "
            "i + 1"
            " FROM n WHERE i < "
                + std::to_string(lockCount - 1) + ") SELECT '" + benchNode
                + "', CAST('orders:' || i AS BLOB), 'reentrant', 'Redisson' FROM n")
        && executeSqlite(database,
            "INSERT INTO events(at_ms, lock_id, type, holders, holder_count, reentries, ttl_ms, fence, "
            "waiters,"
            " stuck) WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < "
                + std::to_string(events - 1) + "), e(i, h) AS (SELECT i, i / 2 FROM n) SELECT " + start
                + " + h * " + std::to_string(stepMs) + " + (i % 2) * 200, h % " + std::to_string(lockCount)
                + " + 1, CASE WHEN i % 2 = 0 THEN 0 ELSE 2 END, " + holder
                + ", 1, 1, 30000, h, h % 5, 0 FROM e")
        && executeSqlite(database,
            "INSERT INTO holds(lock_id, holder, mode, started_ms, ended_ms, ending, fence, max_reentries,"
            " max_waiters) WITH RECURSIVE n(h) AS (SELECT 0 UNION ALL SELECT h + 1 FROM n WHERE h < "
                + std::to_string(holds - 1) + ") SELECT h % " + std::to_string(lockCount) + " + 1, " + holder
                + ", 'exclusive', " + start + " + h * " + std::to_string(stepMs) + ", " + start + " + h * "
                + std::to_string(stepMs) + " + 200, 1, h, 1, h % 5 FROM n")
        && executeSqlite(database, create + "COMMIT; PRAGMA wal_checkpoint(TRUNCATE);");
    sqlite3_close(database);
    return made;
}

} // namespace lockscope::bench
