#include "history/audit/AuditOutbox.h"

#include "history/SqliteDatabase.h"

#include <sqlite3.h>

#include <filesystem>
#include <system_error>

namespace lockscope {

namespace {

constexpr int busyTimeoutMs = 5000;
constexpr const char* columns = "entry, at_ms, os_user, host, version, profile, server, node, lock, action,"
                                " state_before, state_after, result, reason";

Result<SqliteDatabase> openOutbox(const std::string& path)
{
    const std::filesystem::path file(path);
    if (file.has_parent_path()) {
        std::error_code ignored;
        std::filesystem::create_directories(file.parent_path(), ignored);
    }
    auto database = SqliteDatabase::open(path, SqliteDatabase::Mode::ReadWrite, busyTimeoutMs);
    if (!database)
        return database.error();
    if (auto created = database->execute(
            "CREATE TABLE IF NOT EXISTS waiting(id INTEGER PRIMARY KEY, location TEXT NOT NULL,"
            " entry TEXT NOT NULL, at_ms INTEGER NOT NULL, os_user TEXT NOT NULL, host TEXT NOT NULL,"
            " version TEXT NOT NULL, profile TEXT NOT NULL, server TEXT NOT NULL, node TEXT NOT NULL,"
            " lock BLOB NOT NULL, action TEXT NOT NULL, state_before TEXT NOT NULL, state_after TEXT NOT "
            "NULL,"
            " result TEXT NOT NULL, reason BLOB NOT NULL)");
        !created)
        return created.error();
    return database;
}

} // namespace

std::string AuditOutbox::pathFor(const std::string& auditLogPath)
{
    return auditLogPath + ".outbox";
}

AuditOutbox::AuditOutbox(std::string path)
    : m_path(std::move(path))
{
}

Status AuditOutbox::add(const std::string& location, const AuditRecord& record)
{
    auto database = openOutbox(m_path);
    if (!database)
        return database.error();
    auto insert = database->prepare(std::string("INSERT INTO waiting(location, ") + columns
        + ") VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)");
    if (!insert)
        return insert.error();
    insert->bindText(1, location);
    insert->bindText(2, record.entry);
    insert->bind(3, record.atMs);
    int index = 4;
    for (const std::string* text :
        {&record.user, &record.host, &record.version, &record.profile, &record.server, &record.node,
            &record.lock, &record.action, &record.before, &record.after, &record.result, &record.reason})
        insert->bindBlob(index++, *text);
    if (int code = insert->step(); code != SQLITE_DONE)
        return database->failure(code, "write");
    return Done {};
}

Result<std::vector<AuditRecord>> AuditOutbox::waitingFor(const std::string& location) const
{
    if (!std::filesystem::exists(m_path))
        return std::vector<AuditRecord> {};
    auto database = openOutbox(m_path);
    if (!database)
        return database.error();
    auto select = database->prepare(
        std::string("SELECT ") + columns + " FROM waiting WHERE location = ?1 ORDER BY id LIMIT 10000");
    if (!select)
        return select.error();
    select->bindText(1, location);
    std::vector<AuditRecord> records;
    int code = SQLITE_ROW;
    while ((code = select->step()) == SQLITE_ROW) {
        AuditRecord record;
        record.entry = select->bytes(0);
        record.atMs = select->integer(1);
        int column = 2;
        for (std::string* text :
            {&record.user, &record.host, &record.version, &record.profile, &record.server, &record.node,
                &record.lock, &record.action, &record.before, &record.after, &record.result, &record.reason})
            *text = select->bytes(column++);
        records.push_back(std::move(record));
    }
    if (code != SQLITE_DONE)
        return database->failure(code, "read");
    return records;
}

Status AuditOutbox::remove(const std::string& location, const std::vector<std::string>& entries)
{
    if (entries.empty())
        return Done {};
    auto database = openOutbox(m_path);
    if (!database)
        return database.error();
    auto erase = database->prepare("DELETE FROM waiting WHERE location = ?1 AND entry = ?2");
    if (!erase)
        return erase.error();
    for (const std::string& entry : entries) {
        erase->reset();
        erase->bindText(1, location);
        erase->bindText(2, entry);
        if (int code = erase->step(); code != SQLITE_DONE)
            return database->failure(code, "write");
    }
    return Done {};
}

} // namespace lockscope
