#pragma once

#include "history/HistoryReadStore.h"
#include "history/postgres/PostgresConnection.h"

#include <memory>
#include <string>

namespace lockscope {

// Reads a PostgreSQL history that recorders write at the same time (each statement sees what
// was committed when it started). A database of an older schema is read as it is: what its
// version lacks (marks before 2, polling spans before 3) reads as none.
class PostgresHistoryReader : public HistoryReadStore
{
public:
    static Result<std::unique_ptr<PostgresHistoryReader>> open(
        const std::string& url, const std::string& password);

    Result<std::vector<HoldRecord>> holds(const std::string& lock, TimeWindow window, int limit) override;
    Result<std::vector<HoldRecord>> allHolds(TimeWindow window, int limit) override;
    Result<std::vector<LeagueRow>> top(HistoryLeague league, TimeWindow window, int limit) override;
    Result<std::vector<GapRecord>> gaps(TimeWindow window, int limit) override;
    Result<std::vector<AlertRecord>> alerts(
        const std::optional<std::string>& lock, TimeWindow window, int limit) override;
    Result<std::vector<MarkRecord>> marks(TimeWindow window, int limit) override;
    Result<std::vector<PollingSpan>> pollingSpans(TimeWindow window, int limit) override;

private:
    PostgresHistoryReader(PostgresConnection connection, long long version);
    Result<std::vector<HoldRecord>> readHolds(const std::string& sql, const PostgresParams& params);

    PostgresConnection m_connection;
    long long m_version = 0;
};

} // namespace lockscope
