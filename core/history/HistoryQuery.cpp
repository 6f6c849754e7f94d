#include "history/HistoryQuery.h"

#include "history/HistoryLocation.h"
#include "history/SqliteHistoryReader.h"
#include "history/postgres/PostgresHistoryReader.h"

#include <algorithm>
#include <cmath>
#include <map>

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

Result<std::vector<HoldRecord>> HistoryQuery::holds(const std::string& lock, TimeWindow window, int limit)
{
    return m_store->holds(lock, window, limit);
}

Result<std::vector<HoldRecord>> HistoryQuery::allHolds(TimeWindow window, int limit)
{
    return m_store->allHolds(window, limit);
}

Result<std::vector<LeagueRow>> HistoryQuery::top(League league, TimeWindow window, int limit)
{
    return m_store->top(league, window, limit);
}

Result<std::vector<GapRecord>> HistoryQuery::gaps(TimeWindow window, int limit)
{
    return m_store->gaps(window, limit);
}

Result<std::vector<AlertRecord>> HistoryQuery::alerts(TimeWindow window, int limit)
{
    return m_store->alerts(std::nullopt, window, limit);
}

Result<std::vector<MarkRecord>> HistoryQuery::marks(TimeWindow window, int limit)
{
    return m_store->marks(window, limit);
}

Result<std::vector<PollingSpan>> HistoryQuery::pollingSpans(TimeWindow window, int limit)
{
    return m_store->pollingSpans(window, limit);
}

Result<std::vector<AlertRecord>> HistoryQuery::alertsOf(const std::string& lock, TimeWindow window, int limit)
{
    return m_store->alerts(lock, window, limit);
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
    for (const auto& hold : *holds) {
        ++statistics.holds;
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
