#include "history/postgres/PostgresHistoryReader.h"

#include "history/HistoryReadSql.h"

#include "history/postgres/PostgresHoldRows.h"
#include "history/postgres/PostgresSchema.h"

namespace lockscope {

namespace {

const HistoryReadSql sql('$');

} // namespace

PostgresHistoryReader::PostgresHistoryReader(PostgresConnection connection, long long version)
    : m_connection(std::move(connection))
    , m_version(version)
{
}

Result<std::unique_ptr<PostgresHistoryReader>> PostgresHistoryReader::open(
    const std::string& url, const std::string& password)
{
    auto connection = PostgresConnection::connect(url, password);
    if (!connection)
        return connection.error();
    auto version = PostgresSchema::check(*connection);
    if (!version)
        return version.error();
    return std::unique_ptr<PostgresHistoryReader>(
        new PostgresHistoryReader(std::move(*connection), *version));
}

Result<std::vector<HoldRecord>> PostgresHistoryReader::readHolds(
    const std::string& sql, const PostgresParams& params)
{
    auto rows = m_connection.query(sql, params);
    if (!rows)
        return rows.error();
    std::vector<HoldRecord> holds;
    holds.reserve(static_cast<size_t>(rows->rows()));
    for (int row = 0; row < rows->rows(); ++row)
        holds.push_back(PostgresHoldRows::read(*rows, row));
    return holds;
}

Result<std::vector<HoldRecord>> PostgresHistoryReader::holds(
    const std::string& lock, TimeWindow window, int limit)
{
    return readHolds(sql.holdsOfLock(),
        PostgresParams().integer(window.fromMs).integer(window.untilMs).bytes(lock).integer(limit));
}

Result<std::vector<HoldRecord>> PostgresHistoryReader::allHolds(TimeWindow window, int limit)
{
    return readHolds(
        sql.allHolds(), PostgresParams().integer(window.fromMs).integer(window.untilMs).integer(limit));
}

Result<std::vector<LeagueRow>> PostgresHistoryReader::top(HistoryLeague league, TimeWindow window, int limit)
{
    auto rows = m_connection.query(
        sql.league(league), PostgresParams().integer(window.fromMs).integer(window.untilMs).integer(limit));
    if (!rows)
        return rows.error();
    std::vector<LeagueRow> league_;
    for (int row = 0; row < rows->rows(); ++row) {
        LeagueRow line;
        line.lock = rows->bytes(row, 0);
        line.node = rows->bytes(row, 1);
        line.kind = rows->text(row, 2);
        line.library = rows->text(row, 3);
        line.holds = rows->integer(row, 4);
        line.longestHoldMs = rows->integer(row, 5);
        line.maxWaiters = rows->integer(row, 6);
        line.expired = rows->integer(row, 7);
        league_.push_back(std::move(line));
    }
    return league_;
}

Result<std::vector<GapRecord>> PostgresHistoryReader::gaps(TimeWindow window, int limit)
{
    auto rows
        = m_connection.query("SELECT started_ms, ended_ms, reason, source FROM gaps WHERE started_ms < $2 AND"
                             " (ended_ms IS NULL OR ended_ms >= $1) ORDER BY started_ms LIMIT $3",
            PostgresParams().integer(window.fromMs).integer(window.untilMs).integer(limit));
    if (!rows)
        return rows.error();
    std::vector<GapRecord> gaps;
    for (int row = 0; row < rows->rows(); ++row) {
        // Several recorders share the database: a gap says whose it is.
        const std::string source = rows->text(row, 3);
        std::string reason = rows->bytes(row, 2);
        if (!source.empty())
            reason = source + ": " + reason;
        gaps.push_back({rows->integer(row, 0), rows->optionalInteger(row, 1), std::move(reason)});
    }
    return gaps;
}

Result<std::vector<AlertRecord>> PostgresHistoryReader::alerts(
    const std::optional<std::string>& lock, TimeWindow window, int limit)
{
    PostgresParams params;
    params.integer(window.fromMs).integer(window.untilMs).integer(limit);
    if (lock)
        params.bytes(*lock);
    else
        params.null();
    auto rows
        = m_connection.query("SELECT a.at_ms, coalesce(l.name, ''::bytea), coalesce(l.node, ''::bytea), "
                             "a.rule, a.detail FROM alerts a"
                             " LEFT JOIN locks l ON l.id = a.lock_id WHERE a.at_ms >= $1 AND a.at_ms < $2"
                             " AND ($4::bytea IS NULL OR l.name = $4::bytea) ORDER BY a.at_ms LIMIT $3",
            params);
    if (!rows)
        return rows.error();
    std::vector<AlertRecord> alerts;
    for (int row = 0; row < rows->rows(); ++row)
        alerts.push_back({rows->integer(row, 0), rows->bytes(row, 1), rows->bytes(row, 2), rows->text(row, 3),
            rows->bytes(row, 4)});
    return alerts;
}

Result<std::vector<MarkRecord>> PostgresHistoryReader::marks(TimeWindow window, int limit)
{
    if (m_version < 2)
        return std::vector<MarkRecord> {};
    auto rows = m_connection.query("SELECT at_ms, kind, node, lock, detail FROM marks"
                                   " WHERE at_ms >= $1 AND at_ms < $2 ORDER BY at_ms LIMIT $3",
        PostgresParams().integer(window.fromMs).integer(window.untilMs).integer(limit));
    if (!rows)
        return rows.error();
    std::vector<MarkRecord> marks;
    for (int row = 0; row < rows->rows(); ++row)
        marks.push_back({rows->integer(row, 0), rows->text(row, 1), rows->bytes(row, 2), rows->bytes(row, 3),
            rows->bytes(row, 4)});
    return marks;
}

Result<std::vector<PollingSpan>> PostgresHistoryReader::pollingSpans(TimeWindow window, int limit)
{
    if (m_version < 3)
        return std::vector<PollingSpan> {};
    auto rows = m_connection.query("SELECT started_ms, ended_ms, interval_ms FROM polling"
                                   " WHERE started_ms < $2 AND (ended_ms IS NULL OR ended_ms > $1)"
                                   " ORDER BY started_ms LIMIT $3",
        PostgresParams().integer(window.fromMs).integer(window.untilMs).integer(limit));
    if (!rows)
        return rows.error();
    std::vector<PollingSpan> spans;
    for (int row = 0; row < rows->rows(); ++row)
        spans.push_back({rows->integer(row, 0), rows->optionalInteger(row, 1), rows->integer(row, 2)});
    return spans;
}

} // namespace lockscope
