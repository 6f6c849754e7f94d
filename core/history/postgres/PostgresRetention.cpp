#include "history/postgres/PostgresRetention.h"

#include "history/postgres/PostgresParams.h"

#include <string>
#include <utility>

namespace lockscope {

namespace {

// Rows a retention DELETE removes at a time.
constexpr long long retentionBatch = 10000;

Status deleteInBatches(
    PostgresConnection& connection, const std::string& table, const std::string& condition, long long bound)
{
    const std::string sql = "DELETE FROM " + table + " WHERE id IN (SELECT id FROM " + table + " WHERE "
        + condition + " LIMIT " + std::to_string(retentionBatch) + ")";
    for (;;) {
        auto deleted = connection.query(sql, PostgresParams().integer(bound));
        if (!deleted)
            return deleted.error();
        if (deleted->affectedRows() < retentionBatch)
            return Done {};
    }
}

} // namespace

Status PostgresRetention::apply(
    PostgresConnection& connection, long long cutoffMs, long long auditCutoffMs, long long maxBytes)
{
    // Events go in insertion order, so the first young one bounds the old ones by id (and the
    // events need no index by time).
    auto young = connection.query("SELECT coalesce((SELECT id FROM events WHERE at_ms >= $1 ORDER BY id"
                                  " LIMIT 1), (SELECT max(id) + 1 FROM events), 0)",
        PostgresParams().integer(cutoffMs));
    if (!young)
        return young.error();
    if (auto deleted = deleteInBatches(connection, "events", "id < $1", young->integer(0, 0)); !deleted)
        return deleted;
    const std::pair<const char*, const char*> byAge[] = {
        {"holds", "started_ms < $1 AND ended_ms < $1"},
        {"gaps", "ended_ms < $1"},
        {"alerts", "at_ms < $1"},
        {"marks", "at_ms < $1"},
        {"polling", "ended_ms < $1"},
    };
    for (const auto& [table, condition] : byAge) {
        if (auto deleted = deleteInBatches(connection, table, condition, cutoffMs); !deleted)
            return deleted;
    }
    // The admin actions are kept longer (HistoryOptions::auditMaxAge), and never by size.
    if (auto deleted = deleteInBatches(connection, "audit", "at_ms < $1", auditCutoffMs); !deleted)
        return deleted;
    // By size: the oldest tenth of the events (and the holds that ended before what is left)
    // per run. PostgreSQL reuses the space once autovacuum has seen the deleted rows.
    auto size = connection.query("SELECT pg_total_relation_size('events') + pg_total_relation_size('holds')");
    if (!size)
        return size.error();
    if (size->integer(0, 0) <= maxBytes)
        return Done {};
    auto bound = connection.query("SELECT min(id) + (max(id) - min(id)) / 10 + 1 FROM events");
    if (!bound)
        return bound.error();
    if (bound->isNull(0, 0))
        return Done {};
    if (auto deleted = deleteInBatches(connection, "events", "id < $1", bound->integer(0, 0)); !deleted)
        return deleted;
    auto oldest = connection.query("SELECT at_ms FROM events ORDER BY id LIMIT 1");
    if (!oldest)
        return oldest.error();
    if (oldest->rows() == 0)
        return Done {};
    return deleteInBatches(connection, "holds", "ended_ms < $1", oldest->integer(0, 0));
}

} // namespace lockscope
