#include "history/HistorySchema.h"

#include <string>
#include <vector>

namespace lockscope {

namespace {

// Index i takes a database from version i to i + 1. Append, never edit: files in the field
// were made by the earlier steps.
const std::vector<const char*> migrations = {
    // 0 -> 1
    "CREATE TABLE locks(id INTEGER PRIMARY KEY, node TEXT NOT NULL, name BLOB NOT NULL,"
    "  kind TEXT NOT NULL, library TEXT NOT NULL, UNIQUE(name, node));"
    // type: 0 appeared, 1 changed, 2 released, 3 expired, 4 force-released (LockEvent::Type + 1 more)
    "CREATE TABLE events(id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, lock_id INTEGER NOT NULL,"
    "  type INTEGER NOT NULL, holders BLOB, holder_count INTEGER NOT NULL, reentries INTEGER,"
    "  ttl_ms INTEGER, fence INTEGER, waiters INTEGER NOT NULL, stuck INTEGER NOT NULL);"
    "CREATE INDEX events_by_lock ON events(lock_id, at_ms);"
    // ending: NULL while open, else HoldEnding (1 released, 2 expired, 3 force-released, 4 lost)
    "CREATE TABLE holds(id INTEGER PRIMARY KEY, lock_id INTEGER NOT NULL, holder BLOB NOT NULL,"
    "  mode TEXT NOT NULL, started_ms INTEGER NOT NULL, ended_ms INTEGER, ending INTEGER,"
    "  fence INTEGER, max_reentries INTEGER NOT NULL, max_waiters INTEGER NOT NULL);"
    // ended_ms in the index: a window's overlap test needs no row lookups.
    "CREATE INDEX holds_by_lock ON holds(lock_id, started_ms, ended_ms);"
    "CREATE INDEX holds_by_start ON holds(started_ms);"
    "CREATE INDEX holds_open ON holds(lock_id, holder) WHERE ended_ms IS NULL;"
    "CREATE TABLE gaps(id INTEGER PRIMARY KEY, started_ms INTEGER NOT NULL, ended_ms INTEGER,"
    "  reason TEXT NOT NULL);"
    "CREATE TABLE sessions(id INTEGER PRIMARY KEY, started_ms INTEGER NOT NULL,"
    "  alive_ms INTEGER NOT NULL, ended_ms INTEGER, mode TEXT NOT NULL DEFAULT '');"
    "CREATE TABLE alerts(id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, lock_id INTEGER,"
    "  rule TEXT NOT NULL, detail TEXT NOT NULL);"
    "CREATE INDEX alerts_by_time ON alerts(at_ms);",
    // 1 -> 2: marks on the timeline (admin actions, injected faults); lock empty for none.
    "CREATE TABLE marks(id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, kind TEXT NOT NULL,"
    "  node TEXT NOT NULL, lock BLOB NOT NULL, detail TEXT NOT NULL);"
    "CREATE INDEX marks_by_time ON marks(at_ms);",
    // 2 -> 3: the spans watched by polling (changes seen late, short holds unseen).
    "CREATE TABLE polling(id INTEGER PRIMARY KEY, started_ms INTEGER NOT NULL, ended_ms INTEGER,"
    "  interval_ms INTEGER NOT NULL);"
    "CREATE INDEX polling_by_time ON polling(started_ms);",
    // 3 -> 4: nothing; PostgreSQL's 4 counts the batches of each of its recorders, a file has one.
    "",
    // 4 -> 5: the library's name of each lock (`history NAME` finds a lock by it); no query reads
    // the events by lock, so their index only cost every insert.
    "ALTER TABLE locks ADD COLUMN api_name BLOB;"
    "CREATE INDEX locks_by_api_name ON locks(api_name);"
    "DROP INDEX events_by_lock;",
    // 5 -> 6: one file may hold a fleet (each server's recorder names itself on its rows, as in
    // PostgreSQL; the rows of before are adopted by the first recorder that starts), and the
    // admin actions taken on its locks (the audit, kept longer than the holds).
    "ALTER TABLE locks ADD COLUMN source TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE gaps ADD COLUMN source TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE sessions ADD COLUMN source TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE polling ADD COLUMN source TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE marks ADD COLUMN source TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE alerts ADD COLUMN source TEXT NOT NULL DEFAULT '';"
    "CREATE INDEX sessions_by_source ON sessions(source, id);"
    "CREATE INDEX locks_by_source ON locks(source);"
    "CREATE TABLE audit(id INTEGER PRIMARY KEY, entry TEXT NOT NULL UNIQUE, at_ms INTEGER NOT NULL,"
    "  os_user TEXT NOT NULL, host TEXT NOT NULL, version TEXT NOT NULL, profile TEXT NOT NULL,"
    "  server TEXT NOT NULL, node TEXT NOT NULL, lock BLOB NOT NULL, action TEXT NOT NULL,"
    "  state_before TEXT, state_after TEXT, result TEXT NOT NULL, reason TEXT NOT NULL);"
    "CREATE INDEX audit_by_time ON audit(at_ms);",
};

Status versionUnderstood(SqliteDatabase& database, long long version)
{
    if (version > HistorySchema::currentVersion)
        return makeError(ErrorKind::Usage,
            "history database " + database.path() + " was written by a newer LockScope (schema "
                + std::to_string(version) + ", this one knows up to "
                + std::to_string(HistorySchema::currentVersion) + "); it is left as it is");
    return Done {};
}

Status ours(SqliteDatabase& database, long long application, long long tables)
{
    if (application == HistorySchema::applicationId || (application == 0 && tables == 0))
        return Done {};
    return makeError(ErrorKind::Usage,
        "history database " + database.path()
            + " belongs to another application (not a LockScope history); it is left as it is");
}

struct Header
{
    long long application = 0;
    long long version = 0;
};

// The file's application id and schema version, if the file is ours (or empty).
Result<Header> ownHeader(SqliteDatabase& database)
{
    // The first read is where SQLite notices a file that is not a database at all.
    auto tables = database.scalar("SELECT count(*) FROM sqlite_master");
    if (!tables)
        return tables.error();
    auto application = database.scalar("PRAGMA application_id");
    auto version = database.scalar("PRAGMA user_version");
    if (!application)
        return application.error();
    if (!version)
        return version.error();
    if (auto owned = ours(database, *application, *tables); !owned)
        return owned.error();
    return Header {*application, *version};
}

} // namespace

Result<long long> HistorySchema::check(SqliteDatabase& database)
{
    auto header = ownHeader(database);
    if (!header)
        return header.error();
    if (header->application == 0)
        return makeError(ErrorKind::NotFound, "history database " + database.path() + " is empty");
    if (auto understood = versionUnderstood(database, header->version); !understood)
        return understood.error();
    return header->version;
}

Status HistorySchema::prepare(SqliteDatabase& database)
{
    auto header = ownHeader(database);
    if (!header)
        return header.error();
    if (auto understood = versionUnderstood(database, header->version); !understood)
        return understood;
    if (auto wal = database.execute("PRAGMA journal_mode=WAL"); !wal)
        return wal;
    if (header->version == currentVersion)
        return Done {};
    if (auto begun = database.execute("BEGIN IMMEDIATE"); !begun)
        return begun;
    // Checked again inside the write transaction: another recorder may have created it meanwhile.
    auto lockedVersion = database.scalar("PRAGMA user_version");
    if (!lockedVersion) {
        (void)database.execute("ROLLBACK");
        return lockedVersion.error();
    }
    for (long long step = *lockedVersion; step < currentVersion; ++step) {
        if (auto migrated = database.execute(migrations[static_cast<size_t>(step)]); !migrated) {
            (void)database.execute("ROLLBACK");
            return migrated;
        }
    }
    auto stamped = database.execute("PRAGMA application_id=" + std::to_string(applicationId)
        + "; PRAGMA user_version=" + std::to_string(currentVersion) + "; COMMIT");
    if (!stamped)
        (void)database.execute("ROLLBACK");
    return stamped;
}

} // namespace lockscope
