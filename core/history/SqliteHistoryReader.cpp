#include "history/SqliteHistoryReader.h"

#include "history/HistoryReadSql.h"
#include "history/HistorySchema.h"
#include "history/HoldRows.h"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <memory>

namespace lockscope {

namespace {

const HistoryReadSql sql('?');

} // namespace

SqliteHistoryReader::SqliteHistoryReader(SqliteDatabase database)
    : m_database(std::move(database))
{
}

Result<std::unique_ptr<SqliteHistoryReader>> SqliteHistoryReader::open(
    const std::string& path, int busyTimeoutMs)
{
    std::error_code error;
    if (!std::filesystem::exists(path, error))
        return makeError(
            ErrorKind::NotFound, "no history database at " + path + " (`lockscope-cli record` writes one)");
    auto database = SqliteDatabase::open(path, SqliteDatabase::Mode::ReadOnly, busyTimeoutMs);
    if (!database)
        return database.error();
    if (auto checked = HistorySchema::check(*database); !checked)
        return checked.error();
    return std::unique_ptr<SqliteHistoryReader>(new SqliteHistoryReader(std::move(*database)));
}

Result<std::vector<HoldRecord>> SqliteHistoryReader::readHolds(SqliteStatement& statement)
{
    std::vector<HoldRecord> holds;
    int code = SQLITE_ROW;
    while ((code = statement.step()) == SQLITE_ROW)
        holds.push_back(HoldRows::read(statement));
    if (code != SQLITE_DONE)
        return m_database.failure(code, "read");
    return holds;
}

Result<std::vector<HoldRecord>> SqliteHistoryReader::holds(
    const std::string& lock, TimeWindow window, int limit)
{
    auto statement = m_database.prepare(sql.holdsOfLock());
    if (!statement)
        return statement.error();
    statement->bind(1, window.fromMs);
    statement->bind(2, window.untilMs);
    statement->bindBlob(3, lock);
    statement->bind(4, static_cast<long long>(limit));
    return readHolds(*statement);
}

Result<std::vector<HoldRecord>> SqliteHistoryReader::allHolds(TimeWindow window, int limit)
{
    auto statement = m_database.prepare(sql.allHolds());
    if (!statement)
        return statement.error();
    statement->bind(1, window.fromMs);
    statement->bind(2, window.untilMs);
    statement->bind(3, static_cast<long long>(limit));
    return readHolds(*statement);
}

Result<std::vector<LeagueRow>> SqliteHistoryReader::top(HistoryLeague league, TimeWindow window, int limit)
{
    auto statement = m_database.prepare(sql.league(league));
    if (!statement)
        return statement.error();
    statement->bind(1, window.fromMs);
    statement->bind(2, window.untilMs);
    statement->bind(3, static_cast<long long>(limit));
    std::vector<LeagueRow> rows;
    int code = SQLITE_ROW;
    while ((code = statement->step()) == SQLITE_ROW) {
        LeagueRow row;
        row.lock = statement->bytes(0);
        row.node = statement->bytes(1);
        row.kind = statement->bytes(2);
        row.library = statement->bytes(3);
        row.holds = statement->integer(4);
        row.longestHoldMs = statement->integer(5);
        row.maxWaiters = statement->integer(6);
        row.expired = statement->integer(7);
        rows.push_back(std::move(row));
    }
    if (code != SQLITE_DONE)
        return m_database.failure(code, "read");
    return rows;
}

Result<std::vector<GapRecord>> SqliteHistoryReader::gaps(TimeWindow window, int limit)
{
    auto statement
        = m_database.prepare("SELECT started_ms, ended_ms, reason FROM gaps WHERE started_ms < ?2 AND"
                             " (ended_ms IS NULL OR ended_ms >= ?1) ORDER BY started_ms LIMIT ?3");
    if (!statement)
        return statement.error();
    statement->bind(1, window.fromMs);
    statement->bind(2, window.untilMs);
    statement->bind(3, static_cast<long long>(limit));
    std::vector<GapRecord> gaps;
    int code = SQLITE_ROW;
    while ((code = statement->step()) == SQLITE_ROW)
        gaps.push_back({statement->integer(0), statement->optionalInteger(1), statement->bytes(2)});
    if (code != SQLITE_DONE)
        return m_database.failure(code, "read");
    return gaps;
}

Result<bool> SqliteHistoryReader::hasTable(const std::string& name)
{
    // A file of an older schema that no recorder has opened since (and so migrated) lacks the
    // newer tables: it has none of their rows.
    auto found = m_database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
    if (!found)
        return found.error();
    found->bindText(1, name);
    const int code = found->step();
    if (code != SQLITE_ROW && code != SQLITE_DONE)
        return m_database.failure(code, "read");
    return code == SQLITE_ROW;
}

Result<std::vector<PollingSpan>> SqliteHistoryReader::pollingSpans(TimeWindow window, int limit)
{
    auto has = hasTable("polling");
    if (!has)
        return has.error();
    if (!*has)
        return std::vector<PollingSpan> {};
    auto statement = m_database.prepare("SELECT started_ms, ended_ms, interval_ms FROM polling"
                                        " WHERE started_ms < ?2 AND (ended_ms IS NULL OR ended_ms > ?1)"
                                        " ORDER BY started_ms LIMIT ?3");
    if (!statement)
        return statement.error();
    statement->bind(1, window.fromMs);
    statement->bind(2, window.untilMs);
    statement->bind(3, static_cast<long long>(limit));
    std::vector<PollingSpan> spans;
    int code = SQLITE_ROW;
    while ((code = statement->step()) == SQLITE_ROW) {
        PollingSpan span {statement->integer(0), std::nullopt, statement->integer(2)};
        if (!statement->isNull(1))
            span.endedMs = statement->integer(1);
        spans.push_back(span);
    }
    if (code != SQLITE_DONE)
        return m_database.failure(code, "read");
    return spans;
}

Result<std::vector<MarkRecord>> SqliteHistoryReader::marks(TimeWindow window, int limit)
{
    auto has = hasTable("marks");
    if (!has)
        return has.error();
    if (!*has)
        return std::vector<MarkRecord> {};
    auto statement = m_database.prepare("SELECT at_ms, kind, node, lock, detail FROM marks"
                                        " WHERE at_ms >= ?1 AND at_ms < ?2 ORDER BY at_ms LIMIT ?3");
    if (!statement)
        return statement.error();
    statement->bind(1, window.fromMs);
    statement->bind(2, window.untilMs);
    statement->bind(3, static_cast<long long>(limit));
    std::vector<MarkRecord> marks;
    int code = SQLITE_ROW;
    while ((code = statement->step()) == SQLITE_ROW)
        marks.push_back({statement->integer(0), statement->bytes(1), statement->bytes(2), statement->bytes(3),
            statement->bytes(4)});
    if (code != SQLITE_DONE)
        return m_database.failure(code, "read");
    return marks;
}

Result<std::vector<AlertRecord>> SqliteHistoryReader::alerts(
    const std::optional<std::string>& lock, TimeWindow window, int limit)
{
    auto statement = m_database.prepare(
        "SELECT a.at_ms, coalesce(l.name, ''), coalesce(l.node, ''), a.rule, a.detail FROM alerts a"
        " LEFT JOIN locks l ON l.id = a.lock_id WHERE a.at_ms >= ?1 AND a.at_ms < ?2"
        " AND (?4 IS NULL OR l.name = ?4) ORDER BY a.at_ms LIMIT ?3");
    if (!statement)
        return statement.error();
    statement->bind(1, window.fromMs);
    statement->bind(2, window.untilMs);
    statement->bind(3, static_cast<long long>(limit));
    if (lock)
        statement->bindBlob(4, *lock);
    else
        statement->bindNull(4);
    std::vector<AlertRecord> alerts;
    int code = SQLITE_ROW;
    while ((code = statement->step()) == SQLITE_ROW)
        alerts.push_back({statement->integer(0), statement->bytes(1), statement->bytes(2),
            statement->bytes(3), statement->bytes(4)});
    if (code != SQLITE_DONE)
        return m_database.failure(code, "read");
    return alerts;
}

} // namespace lockscope
