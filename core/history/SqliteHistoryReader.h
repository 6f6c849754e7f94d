#pragma once

#include "history/HistoryReadStore.h"
#include "history/SqliteDatabase.h"

#include <memory>
#include <string>

namespace lockscope {

// Reads a SQLite history file on its own read-only connection (so it works beside a recorder
// writing the same file).
class SqliteHistoryReader : public HistoryReadStore
{
public:
    static Result<std::unique_ptr<SqliteHistoryReader>> open(const std::string& path, int busyTimeoutMs);

    Result<std::vector<HoldRecord>> holds(const std::string& lock, TimeWindow window, int limit) override;
    Result<std::vector<HoldRecord>> allHolds(TimeWindow window, int limit) override;
    Result<std::vector<LeagueRow>> top(HistoryLeague league, TimeWindow window, int limit) override;
    Result<std::vector<GapRecord>> gaps(TimeWindow window, int limit) override;
    Result<std::vector<AlertRecord>> alerts(
        const std::optional<std::string>& lock, TimeWindow window, int limit) override;
    Result<std::vector<MarkRecord>> marks(TimeWindow window, int limit) override;
    Result<std::vector<PollingSpan>> pollingSpans(TimeWindow window, int limit) override;

private:
    explicit SqliteHistoryReader(SqliteDatabase database);
    // Whether the file has table `name` (a reader never migrates: see pollingSpans, marks).
    Result<bool> hasTable(const std::string& name);
    Result<std::vector<HoldRecord>> readHolds(SqliteStatement& statement);

    SqliteDatabase m_database;
};

} // namespace lockscope
