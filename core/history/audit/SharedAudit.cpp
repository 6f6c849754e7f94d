#include "history/audit/SharedAudit.h"

#include "common/WallClock.h"
#include "history/HistoryLocation.h"
#include "history/HistorySchema.h"
#include "history/SqliteDatabase.h"
#include "history/postgres/PostgresConnection.h"
#include "history/postgres/PostgresSchema.h"
#include "inspect/LockSnapshotJson.h"

#include <sqlite3.h>

namespace lockscope {

namespace {

// A recorder may hold the file's write lock for its batch (up to a second or so).
constexpr int busyTimeoutMs = 5000;

std::string insertSql(bool postgres)
{
    std::string sql = "INSERT INTO audit(entry, at_ms, os_user, host, version, profile, server, node, lock,"
                      " action, state_before, state_after, result, reason) VALUES(";
    for (int i = 1; i <= 14; ++i)
        sql += (i > 1 ? ", " : "") + std::string(postgres ? "$" : "?") + std::to_string(i);
    return sql + ") ON CONFLICT (entry) DO NOTHING";
}

Status writePostgres(
    const std::string& url, const std::string& password, const std::vector<AuditRecord>& records)
{
    auto connection = PostgresConnection::connect(url, password);
    if (!connection)
        return connection.error();
    if (auto prepared = PostgresSchema::prepare(*connection); !prepared)
        return prepared;
    const std::string sql = insertSql(true);
    for (const AuditRecord& record : records) {
        PostgresParams params;
        params.text(record.entry).integer(record.atMs).text(record.user).text(record.host);
        params.text(record.version).text(record.profile).text(record.server).bytes(record.node);
        params.bytes(record.lock).text(record.action);
        if (record.before.empty())
            params.null();
        else
            params.text(record.before);
        if (record.after.empty())
            params.null();
        else
            params.text(record.after);
        params.text(record.result).bytes(record.reason);
        if (auto inserted = connection->query(sql, params); !inserted)
            return inserted.error();
    }
    return Done {};
}

Status writeSqlite(const std::string& path, const std::vector<AuditRecord>& records)
{
    auto database = SqliteDatabase::open(path, SqliteDatabase::Mode::ReadWrite, busyTimeoutMs);
    if (!database)
        return database.error();
    if (auto prepared = HistorySchema::prepare(*database); !prepared)
        return prepared;
    auto insert = database->prepare(insertSql(false));
    if (!insert)
        return insert.error();
    for (const AuditRecord& record : records) {
        insert->reset();
        insert->bindText(1, record.entry);
        insert->bind(2, record.atMs);
        int index = 3;
        for (const std::string* text :
            {&record.user, &record.host, &record.version, &record.profile, &record.server, &record.node})
            insert->bindText(index++, *text);
        insert->bindBlob(index++, record.lock);
        insert->bindText(index++, record.action);
        for (const std::string* json : {&record.before, &record.after}) {
            if (json->empty())
                insert->bindNull(index++);
            else
                insert->bindText(index++, *json);
        }
        insert->bindText(index++, record.result);
        insert->bindText(index, record.reason);
        if (int code = insert->step(); code != SQLITE_DONE)
            return database->failure(code, "write");
    }
    return Done {};
}

} // namespace

SharedAudit::SharedAudit(std::string location, std::string password, AuditOutbox outbox)
    : m_location(std::move(location))
    , m_password(std::move(password))
    , m_outbox(std::move(outbox))
{
}

AuditRecord SharedAudit::recordOf(const AuditEntry& entry)
{
    AuditRecord record;
    record.entry = entry.entry;
    record.atMs = entry.timeMs != 0 ? entry.timeMs : epochMillisNow();
    record.user = entry.user;
    record.host = entry.host;
    record.version = entry.version;
    record.profile = entry.profile;
    record.server = entry.server;
    record.node = entry.node;
    record.lock = entry.lock;
    record.action = entry.action;
    if (entry.before)
        record.before = LockSnapshotJson::toString(*entry.before);
    if (entry.after)
        record.after = LockSnapshotJson::toString(*entry.after);
    record.result = entry.result;
    record.reason = entry.reason;
    return record;
}

Status SharedAudit::write(const std::vector<AuditRecord>& records)
{
    if (records.empty())
        return Done {};
    if (HistoryLocation::isPostgres(m_location))
        return writePostgres(m_location, m_password, records);
    return writeSqlite(HistoryLocation::sqlitePath(m_location), records);
}

Result<long long> SharedAudit::sendWaiting()
{
    auto waiting = m_outbox.waitingFor(m_location);
    if (!waiting)
        return waiting.error();
    if (auto written = write(*waiting); !written)
        return written.error();
    std::vector<std::string> entries;
    for (const AuditRecord& record : *waiting)
        entries.push_back(record.entry);
    if (auto removed = m_outbox.remove(m_location, entries); !removed)
        return removed.error();
    return static_cast<long long>(waiting->size());
}

Status SharedAudit::record(const AuditEntry& entry)
{
    const AuditRecord record = recordOf(entry);
    // What waited goes first (an outbox that cannot be read only delays those).
    std::vector<AuditRecord> records;
    if (auto waiting = m_outbox.waitingFor(m_location); waiting)
        records = std::move(*waiting);
    std::vector<std::string> earlier;
    for (const AuditRecord& waiting : records)
        earlier.push_back(waiting.entry);
    records.push_back(record);
    auto written = write(records);
    if (written) {
        (void)m_outbox.remove(m_location, earlier);
        return Done {};
    }
    // Down, or refused: the action waits for the next chance (sent again in full: an entry
    // written before the failure is kept once), and the caller says so.
    if (auto kept = m_outbox.add(m_location, record); !kept)
        return makeError(kept.error().kind,
            "the audit could not be written to " + m_location + " (" + written.error().message
                + ") nor kept for later: " + kept.error().message);
    return makeError(written.error().kind,
        "the audit could not be written to " + m_location + " (" + written.error().message + "); it waits in "
            + m_outbox.path() + " and is written with the next action on that history");
}

} // namespace lockscope
