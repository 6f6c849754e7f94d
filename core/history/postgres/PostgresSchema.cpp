#include "history/postgres/PostgresSchema.h"

#include "history/postgres/PostgresConnection.h"

#include <optional>
#include <string>
#include <vector>

namespace lockscope {

namespace {

// Index i takes a database from version i to i + 1. Append, never edit: databases in the field
// were made by the earlier steps. Lock names, holders, nodes and free texts are bytea: raw bytes
// that need not be UTF-8 and may hold NUL.
const std::vector<const char*> migrations = {
    // 0 -> 1
    "CREATE TABLE locks(id bigserial PRIMARY KEY, node bytea NOT NULL, name bytea NOT NULL,"
    "  kind text NOT NULL, library text NOT NULL, source text NOT NULL DEFAULT '', UNIQUE(name, node));"
    "CREATE INDEX locks_by_source ON locks(source);"
    "CREATE TABLE events(id bigserial PRIMARY KEY, at_ms bigint NOT NULL, lock_id bigint NOT NULL,"
    "  type smallint NOT NULL, holders bytea, holder_count integer NOT NULL, reentries bigint,"
    "  ttl_ms bigint, fence bigint, waiters bigint NOT NULL, stuck boolean NOT NULL);"
    "CREATE INDEX events_by_lock ON events(lock_id, at_ms);"
    "CREATE INDEX events_by_time ON events(at_ms);"
    "CREATE TABLE holds(id bigserial PRIMARY KEY, lock_id bigint NOT NULL, holder bytea NOT NULL,"
    "  mode text NOT NULL, started_ms bigint NOT NULL, ended_ms bigint, ending smallint,"
    "  fence bigint, max_reentries bigint NOT NULL, max_waiters bigint NOT NULL);"
    "CREATE INDEX holds_by_lock ON holds(lock_id, started_ms, ended_ms);"
    "CREATE INDEX holds_by_start ON holds(started_ms);"
    "CREATE INDEX holds_open ON holds(lock_id, holder) WHERE ended_ms IS NULL;"
    "CREATE TABLE gaps(id bigserial PRIMARY KEY, source text NOT NULL, started_ms bigint NOT NULL,"
    "  ended_ms bigint, reason bytea NOT NULL);"
    "CREATE INDEX gaps_by_time ON gaps(started_ms);"
    "CREATE TABLE sessions(id bigserial PRIMARY KEY, source text NOT NULL, started_ms bigint NOT NULL,"
    "  alive_ms bigint NOT NULL, ended_ms bigint, mode text NOT NULL DEFAULT '');"
    "CREATE INDEX sessions_by_source ON sessions(source, id);"
    "CREATE TABLE alerts(id bigserial PRIMARY KEY, at_ms bigint NOT NULL, lock_id bigint,"
    "  rule text NOT NULL, detail bytea NOT NULL);"
    "CREATE INDEX alerts_by_time ON alerts(at_ms);",
    // 1 -> 2: marks on the timeline (admin actions, injected faults); lock empty for none.
    "CREATE TABLE marks(id bigserial PRIMARY KEY, source text NOT NULL DEFAULT '', at_ms bigint NOT NULL,"
    "  kind text NOT NULL, node bytea NOT NULL, lock bytea NOT NULL, detail bytea NOT NULL);"
    "CREATE INDEX marks_by_time ON marks(at_ms);",
    // 2 -> 3: the spans watched by polling (changes seen late, short holds unseen).
    "CREATE TABLE polling(id bigserial PRIMARY KEY, source text NOT NULL, started_ms bigint NOT NULL,"
    "  ended_ms bigint, interval_ms bigint NOT NULL);"
    "CREATE INDEX polling_by_time ON polling(started_ms);",
    // 3 -> 4: the batches each session committed, counted in the batch's own transaction, so that
    // a recorder whose COMMIT reply was lost can tell whether to send the batch again.
    "ALTER TABLE sessions ADD COLUMN batches bigint NOT NULL DEFAULT 0;",
    // 4 -> 5: the library's name of each lock (`history NAME` finds a lock by it). No query reads
    // the events by lock or by time (retention goes by id): their indexes only cost every insert.
    "ALTER TABLE locks ADD COLUMN api_name bytea;"
    "CREATE INDEX locks_by_api_name ON locks(api_name);"
    "DROP INDEX events_by_lock;"
    "DROP INDEX events_by_time;",
    // 5 -> 6: every row names its server as `list --json` does (host:port, or the name the fleet
    // gives it; recorders before named it by URL), alerts too; and the admin actions taken on
    // the locks (the audit: who, why, the state before and after; kept longer than the holds).
    // `entry` is the action's own id: an action sent again after its reply was lost (or from a
    // desk's outbox) is kept once.
    "UPDATE locks SET source = regexp_replace(source, '^rediss?://', '') WHERE source ~ '^rediss?://';"
    "UPDATE gaps SET source = regexp_replace(source, '^rediss?://', '') WHERE source ~ '^rediss?://';"
    "UPDATE sessions SET source = regexp_replace(source, '^rediss?://', '') WHERE source ~ '^rediss?://';"
    "UPDATE polling SET source = regexp_replace(source, '^rediss?://', '') WHERE source ~ '^rediss?://';"
    "UPDATE marks SET source = regexp_replace(source, '^rediss?://', '') WHERE source ~ '^rediss?://';"
    "ALTER TABLE alerts ADD COLUMN source text NOT NULL DEFAULT '';"
    "CREATE TABLE audit(id bigserial PRIMARY KEY, entry text NOT NULL UNIQUE, at_ms bigint NOT NULL,"
    "  os_user text NOT NULL, host text NOT NULL, version text NOT NULL, profile text NOT NULL,"
    "  server text NOT NULL, node bytea NOT NULL, lock bytea NOT NULL, action text NOT NULL,"
    "  state_before text, state_after text, result text NOT NULL, reason bytea NOT NULL);"
    "CREATE INDEX audit_by_time ON audit(at_ms);",
};

// Serialises creating and migrating between recorders starting at once (a transaction lock,
// released by COMMIT or ROLLBACK). The number spells "LkScSchm".
constexpr const char* schemaLock = "SELECT pg_advisory_xact_lock(5506224447015183725)";

struct Found
{
    std::optional<long long> version; // nullopt: no lockscope_schema table
    std::vector<std::string> otherTables;
};

Result<Found> look(PostgresConnection& connection)
{
    auto tables = connection.query("SELECT table_name FROM information_schema.tables WHERE table_schema ="
                                   " current_schema() ORDER BY table_name");
    if (!tables)
        return tables.error();
    Found found;
    bool ours = false;
    for (int row = 0; row < tables->rows(); ++row) {
        const std::string name = tables->text(row, 0);
        if (name == "lockscope_schema")
            ours = true;
        else
            found.otherTables.push_back(name);
    }
    if (!ours)
        return found;
    auto version = connection.query("SELECT coalesce(max(version), 0) FROM lockscope_schema");
    if (!version)
        return version.error();
    found.version = version->integer(0, 0);
    return found;
}

Status understood(PostgresConnection& connection, const Found& found)
{
    if (!found.version && !found.otherTables.empty()) {
        std::string names;
        for (size_t i = 0; i < found.otherTables.size() && i < 3; ++i)
            names += (i ? ", " : "") + found.otherTables[i];
        if (found.otherTables.size() > 3)
            names += ", ...";
        return makeError(ErrorKind::ForeignData,
            "history database " + connection.url() + " has tables that are not LockScope's (" + names
                + "); it is left as it is");
    }
    if (found.version && *found.version > PostgresSchema::currentVersion)
        return makeError(ErrorKind::ForeignData,
            "history database " + connection.url() + " was written by a newer LockScope (schema "
                + std::to_string(*found.version) + ", this one knows up to "
                + std::to_string(PostgresSchema::currentVersion) + "); it is left as it is");
    return Done {};
}

Status rollback(PostgresConnection& connection, RedisError error)
{
    (void)connection.execute("ROLLBACK");
    if (error.kind == ErrorKind::NoPermission)
        error.message
            += " (the recorder's user needs CREATE on the schema, e.g. as the owner of the database)";
    return error;
}

} // namespace

Result<long long> PostgresSchema::check(PostgresConnection& connection)
{
    auto found = look(connection);
    if (!found)
        return found.error();
    if (auto ok = understood(connection, *found); !ok)
        return ok.error();
    if (!found->version)
        return makeError(ErrorKind::NotFound,
            "history database " + connection.url() + " is empty (no recorder has written to it yet)");
    return *found->version;
}

Status PostgresSchema::prepare(PostgresConnection& connection)
{
    auto found = look(connection);
    if (!found)
        return found.error();
    if (auto ok = understood(connection, *found); !ok)
        return ok;
    if (found->version == currentVersion)
        return Done {};
    if (auto begun = connection.execute("BEGIN"); !begun)
        return begun;
    if (auto locked = connection.execute(schemaLock); !locked)
        return rollback(connection, locked.error());
    // Looked at again under the lock: another recorder may have created or migrated it meanwhile.
    auto again = look(connection);
    if (!again)
        return rollback(connection, again.error());
    if (auto ok = understood(connection, *again); !ok)
        return rollback(connection, ok.error());
    long long version = again->version.value_or(0);
    if (!again->version) {
        if (auto created = connection.execute("CREATE TABLE lockscope_schema(version integer NOT NULL);"
                                              " INSERT INTO lockscope_schema VALUES (0)");
            !created)
            return rollback(connection, created.error());
    }
    for (long long step = version; step < currentVersion; ++step) {
        if (auto migrated = connection.execute(migrations[static_cast<size_t>(step)]); !migrated)
            return rollback(connection, migrated.error());
    }
    auto stamped = connection.query(
        "UPDATE lockscope_schema SET version = $1", PostgresParams().integer(currentVersion));
    if (!stamped)
        return rollback(connection, stamped.error());
    if (auto committed = connection.execute("COMMIT"); !committed)
        return rollback(connection, committed.error());
    return Done {};
}

} // namespace lockscope
