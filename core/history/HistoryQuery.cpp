#include "history/HistoryQuery.h"

#include "history/HistoryLocation.h"
#include "history/HoldRows.h"
#include "history/SqliteHistoryReader.h"
#include "history/postgres/PostgresHistoryReader.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace lockscope {

namespace {

long long percentile(const std::vector<long long>& sorted, double fraction)
{
    if (sorted.empty())
        return 0;
    const auto rank = static_cast<size_t>(std::ceil(fraction * static_cast<double>(sorted.size())));
    return sorted[std::clamp<size_t>(rank, 1, sorted.size()) - 1];
}

} // namespace

HistoryQuery::HistoryQuery(std::unique_ptr<HistoryReadStore> store)
    : m_store(std::move(store))
{
}

Result<HistoryQuery> HistoryQuery::open(const std::string& location, int busyTimeoutMs)
{
    return open(location, busyTimeoutMs, std::string());
}

Result<HistoryQuery> HistoryQuery::open(
    const std::string& location, int busyTimeoutMs, const std::string& password)
{
    if (HistoryLocation::isPostgres(location)) {
        auto reader = PostgresHistoryReader::open(location, password);
        if (!reader)
            return reader.error();
        return HistoryQuery(std::move(*reader));
    }
    auto reader = SqliteHistoryReader::open(HistoryLocation::sqlitePath(location), busyTimeoutMs);
    if (!reader)
        return reader.error();
    return HistoryQuery(std::move(*reader));
}

std::vector<HistoryValue> HistoryQuery::inWindow(TimeWindow window, int limit)
{
    return {window.fromMs, window.untilMs, static_cast<long long>(limit)};
}

Result<std::vector<HoldRecord>> HistoryQuery::readHolds(
    const std::string& sql, const std::vector<HistoryValue>& parameters)
{
    auto rows = m_store->read(sql, parameters);
    if (!rows)
        return rows.error();
    std::vector<HoldRecord> holds;
    holds.reserve(rows->rows());
    for (size_t row = 0; row < rows->rows(); ++row)
        holds.push_back(HoldRows::read(*rows, row));
    return holds;
}

Result<std::vector<HoldRecord>> HistoryQuery::holds(const std::string& lock, TimeWindow window, int limit)
{
    return readHolds(
        m_store->sql().holdsOfLock(), {window.fromMs, window.untilMs, lock, static_cast<long long>(limit)});
}

Result<std::vector<HoldRecord>> HistoryQuery::allHolds(TimeWindow window, int limit)
{
    return readHolds(m_store->sql().allHolds(), inWindow(window, limit));
}

Result<std::vector<LeagueRow>> HistoryQuery::top(League league, TimeWindow window, int limit)
{
    auto rows = m_store->read(m_store->sql().league(league), inWindow(window, limit));
    if (!rows)
        return rows.error();
    std::vector<LeagueRow> lines;
    for (size_t row = 0; row < rows->rows(); ++row) {
        LeagueRow line;
        line.lock = rows->bytes(row, 0);
        line.node = rows->bytes(row, 1);
        line.kind = rows->bytes(row, 2);
        line.library = rows->bytes(row, 3);
        line.holds = rows->integer(row, 4);
        line.longestHoldMs = rows->integer(row, 5);
        line.maxWaiters = rows->integer(row, 6);
        line.expired = rows->integer(row, 7);
        line.server = rows->bytes(row, 8);
        lines.push_back(std::move(line));
    }
    return lines;
}

Result<std::vector<GapRecord>> HistoryQuery::gaps(TimeWindow window, int limit)
{
    auto rows = m_store->read(m_store->sql().gaps(), inWindow(window, limit));
    if (!rows)
        return rows.error();
    std::vector<GapRecord> gaps;
    for (size_t row = 0; row < rows->rows(); ++row)
        gaps.push_back(
            {rows->integer(row, 0), rows->optionalInteger(row, 1), rows->bytes(row, 2), rows->bytes(row, 3)});
    return gaps;
}

Result<std::vector<AlertRecord>> HistoryQuery::alerts(TimeWindow window, int limit)
{
    return readAlerts(std::nullopt, window, limit);
}

Result<std::vector<AlertRecord>> HistoryQuery::alertsOf(const std::string& lock, TimeWindow window, int limit)
{
    return readAlerts(lock, window, limit);
}

Result<std::vector<AlertRecord>> HistoryQuery::readAlerts(
    const std::optional<std::string>& lock, TimeWindow window, int limit)
{
    auto parameters = inWindow(window, limit);
    parameters.push_back(lock ? HistoryValue(*lock) : HistoryValue());
    auto rows = m_store->read(m_store->sql().alerts(), parameters);
    if (!rows)
        return rows.error();
    std::vector<AlertRecord> alerts;
    for (size_t row = 0; row < rows->rows(); ++row)
        alerts.push_back({rows->integer(row, 0), rows->bytes(row, 1), rows->bytes(row, 2),
            rows->bytes(row, 3), rows->bytes(row, 4), rows->bytes(row, 5)});
    return alerts;
}

Result<std::vector<MarkRecord>> HistoryQuery::marks(TimeWindow window, int limit)
{
    const std::string sql = m_store->sql().marks();
    if (sql.empty())
        return std::vector<MarkRecord> {};
    auto rows = m_store->read(sql, inWindow(window, limit));
    if (!rows)
        return rows.error();
    std::vector<MarkRecord> marks;
    for (size_t row = 0; row < rows->rows(); ++row)
        marks.push_back({rows->integer(row, 0), rows->bytes(row, 1), rows->bytes(row, 2), rows->bytes(row, 3),
            rows->bytes(row, 4), rows->bytes(row, 5)});
    return marks;
}

Result<std::vector<AuditRecord>> HistoryQuery::audit(TimeWindow window, int limit)
{
    const std::string sql = m_store->sql().audit();
    if (sql.empty())
        return std::vector<AuditRecord> {};
    auto rows = m_store->read(sql, inWindow(window, limit));
    if (!rows)
        return rows.error();
    std::vector<AuditRecord> entries;
    for (size_t row = 0; row < rows->rows(); ++row) {
        AuditRecord entry;
        entry.entry = rows->bytes(row, 0);
        entry.atMs = rows->integer(row, 1);
        for (auto [column, field] :
            {std::pair {2, &entry.user}, {3, &entry.host}, {4, &entry.version}, {5, &entry.profile},
                {6, &entry.server}, {7, &entry.node}, {8, &entry.lock}, {9, &entry.action},
                {10, &entry.before}, {11, &entry.after}, {12, &entry.result}, {13, &entry.reason}})
            *field = rows->bytes(row, static_cast<size_t>(column));
        entries.push_back(std::move(entry));
    }
    return entries;
}

Result<std::vector<PollingSpan>> HistoryQuery::pollingSpans(TimeWindow window, int limit)
{
    const std::string sql = m_store->sql().pollingSpans();
    if (sql.empty())
        return std::vector<PollingSpan> {};
    auto rows = m_store->read(sql, inWindow(window, limit));
    if (!rows)
        return rows.error();
    std::vector<PollingSpan> spans;
    for (size_t row = 0; row < rows->rows(); ++row)
        spans.push_back({rows->integer(row, 0), rows->optionalInteger(row, 1), rows->integer(row, 2)});
    return spans;
}

Result<std::vector<RecordedLock>> HistoryQuery::locksNamed(const std::string& name, int limit)
{
    auto rows = m_store->read(m_store->sql().locksNamed(), {name, static_cast<long long>(limit)});
    if (!rows)
        return rows.error();
    std::vector<RecordedLock> locks;
    for (size_t row = 0; row < rows->rows(); ++row)
        locks.push_back({rows->bytes(row, 0), rows->bytes(row, 1), rows->bytes(row, 2)});
    return locks;
}

Result<LockStatistics> HistoryQuery::statistics(const std::string& lock, TimeWindow window, long long nowMs)
{
    // Bounded like every answer: the statistics of a lock held a million times in the window
    // come from its most recent 100,000 holds.
    auto holds = this->holds(lock, window, 100000);
    if (!holds)
        return holds.error();
    LockStatistics statistics;
    std::vector<long long> durations;
    std::map<std::string, HolderShare> holders;
    std::set<std::string> servers;
    for (const auto& hold : *holds) {
        ++statistics.holds;
        if (!hold.server.empty())
            servers.insert(hold.server);
        statistics.maxWaiters = std::max(statistics.maxWaiters, hold.maxWaiters);
        auto& share = holders[hold.holder];
        share.holder = hold.holder;
        ++share.holds;
        share.heldMs += hold.durationMs(nowMs);
        switch (hold.ending) {
        case HoldEnding::Open:
            continue;
        case HoldEnding::Released:
            ++statistics.released;
            break;
        case HoldEnding::Expired:
            ++statistics.expired;
            break;
        case HoldEnding::ForceReleased:
            ++statistics.forceReleased;
            break;
        case HoldEnding::Lost:
            ++statistics.lost;
            break;
        }
        ++statistics.completed;
        durations.push_back(hold.durationMs(nowMs));
    }
    statistics.servers.assign(servers.begin(), servers.end());
    std::sort(durations.begin(), durations.end());
    statistics.p50Ms = percentile(durations, 0.50);
    statistics.p90Ms = percentile(durations, 0.90);
    statistics.p99Ms = percentile(durations, 0.99);
    statistics.maxMs = durations.empty() ? 0 : durations.back();
    std::vector<HoldRecord> byLength = *holds;
    std::sort(byLength.begin(), byLength.end(),
        [&](const HoldRecord& a, const HoldRecord& b) { return a.durationMs(nowMs) > b.durationMs(nowMs); });
    byLength.resize(std::min<size_t>(byLength.size(), 5));
    statistics.longest = std::move(byLength);
    for (auto& [holder, share] : holders)
        statistics.busiestHolders.push_back(std::move(share));
    std::sort(statistics.busiestHolders.begin(), statistics.busiestHolders.end(),
        [](const HolderShare& a, const HolderShare& b) { return a.heldMs > b.heldMs; });
    statistics.busiestHolders.resize(std::min<size_t>(statistics.busiestHolders.size(), 5));
    return statistics;
}

} // namespace lockscope
