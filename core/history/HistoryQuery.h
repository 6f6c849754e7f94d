#pragma once

#include "history/HistoryReadStore.h"
#include "history/HistoryRecords.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// Reads a history database: a SQLite file (its own read-only connection, so it works beside a
// recorder writing the same file) or a PostgreSQL database (read by any number of desks while
// recorders write it). Every answer is bounded by `limit` rows.
class HistoryQuery
{
public:
    using League = HistoryLeague;

    // `location`: a SQLite file (a path, or file:PATH) or a PostgreSQL URL; `password` for the
    // latter (empty: libpq's own sources, PGPASSWORD or ~/.pgpass).
    static Result<HistoryQuery> open(const std::string& location, int busyTimeoutMs = 2000);
    static Result<HistoryQuery> open(
        const std::string& location, int busyTimeoutMs, const std::string& password);

    // The holds of `lock` (on any node) that overlap `window`, oldest first.
    Result<std::vector<HoldRecord>> holds(const std::string& lock, TimeWindow window, int limit = 10000);
    // Holds of every lock overlapping `window` (a timeline), oldest first.
    Result<std::vector<HoldRecord>> allHolds(TimeWindow window, int limit = 10000);
    Result<std::vector<LeagueRow>> top(League league, TimeWindow window, int limit = 10);
    Result<LockStatistics> statistics(const std::string& lock, TimeWindow window, long long nowMs);
    Result<std::vector<GapRecord>> gaps(TimeWindow window, int limit = 1000);
    Result<std::vector<AlertRecord>> alerts(TimeWindow window, int limit = 1000);
    // The marks (admin actions, faults) in the window, oldest first.
    Result<std::vector<MarkRecord>> marks(TimeWindow window, int limit = 1000);
    // The admin actions taken on the locks in the window (the audit), oldest first; none in a
    // history older than the audit.
    Result<std::vector<AuditRecord>> audit(TimeWindow window, int limit = 1000);
    // The spans watched by polling that overlap the window, oldest first.
    Result<std::vector<PollingSpan>> pollingSpans(TimeWindow window, int limit = 1000);
    // The alerts about one lock (on any node) in the window.
    Result<std::vector<AlertRecord>> alertsOf(const std::string& lock, TimeWindow window, int limit = 1000);
    // The locks recorded whose key, or whose library's name (LockSnapshot::apiName: Laravel's
    // `reports:monthly` for key `laravel_database_laravel_cache:reports:monthly`), is `name`: one
    // per key and server, by key.
    Result<std::vector<RecordedLock>> locksNamed(const std::string& name, int limit = 100);

private:
    explicit HistoryQuery(std::unique_ptr<HistoryReadStore> store);
    static std::vector<HistoryValue> inWindow(TimeWindow window, int limit);
    Result<std::vector<HoldRecord>> readHolds(
        const std::string& sql, const std::vector<HistoryValue>& parameters);
    Result<std::vector<AlertRecord>> readAlerts(
        const std::optional<std::string>& lock, TimeWindow window, int limit);

    std::unique_ptr<HistoryReadStore> m_store;
};

} // namespace lockscope
