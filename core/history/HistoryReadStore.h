#pragma once

#include "common/Result.h"
#include "history/HistoryRecords.h"

#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// Where HistoryQuery reads from: a SQLite file (SqliteHistoryReader) or a PostgreSQL database
// (PostgresHistoryReader). Each answer is one indexed query, bounded by `limit` rows; HistoryQuery
// derives the rest (statistics) from them the same way for both.
class HistoryReadStore
{
public:
    virtual ~HistoryReadStore() = default;

    // The holds of `lock` (on any node) that overlap `window`, oldest first.
    virtual Result<std::vector<HoldRecord>> holds(const std::string& lock, TimeWindow window, int limit) = 0;
    // Holds of every lock overlapping `window`, oldest first.
    virtual Result<std::vector<HoldRecord>> allHolds(TimeWindow window, int limit) = 0;
    virtual Result<std::vector<LeagueRow>> top(HistoryLeague league, TimeWindow window, int limit) = 0;
    virtual Result<std::vector<GapRecord>> gaps(TimeWindow window, int limit) = 0;
    // The alerts in the window; with `lock`, only those about it (on any node).
    virtual Result<std::vector<AlertRecord>> alerts(
        const std::optional<std::string>& lock, TimeWindow window, int limit)
        = 0;
    virtual Result<std::vector<MarkRecord>> marks(TimeWindow window, int limit) = 0;
    virtual Result<std::vector<PollingSpan>> pollingSpans(TimeWindow window, int limit) = 0;
};

} // namespace lockscope
