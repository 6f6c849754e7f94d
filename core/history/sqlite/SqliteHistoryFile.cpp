#include "history/sqlite/SqliteHistoryFile.h"

#include "history/HistorySchema.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

namespace lockscope {

namespace {

// The files this process records into, by path, while a store uses them.
std::mutex openFilesMutex;
std::map<std::string, std::weak_ptr<SqliteHistoryFile>>& openFiles()
{
    static std::map<std::string, std::weak_ptr<SqliteHistoryFile>> files;
    return files;
}

std::string canonical(const std::string& path)
{
    std::error_code error;
    const auto resolved = std::filesystem::weakly_canonical(path, error);
    return error ? path : resolved.string();
}

} // namespace

Result<std::shared_ptr<SqliteHistoryFile>> SqliteHistoryFile::open(
    const std::string& path, const HistoryOptions& options)
{
    std::lock_guard registry(openFilesMutex);
    const std::string key = canonical(path);
    if (auto open = openFiles()[key].lock())
        return open;
    const std::filesystem::path file(path);
    if (file.has_parent_path()) {
        std::error_code error;
        std::filesystem::create_directories(file.parent_path(), error);
        if (error)
            return makeError(ErrorKind::NoPermission,
                "cannot make the history directory " + file.parent_path().string() + ": " + error.message());
    }
    auto database = SqliteDatabase::open(path, SqliteDatabase::Mode::ReadWrite, options.busyTimeoutMs);
    if (!database)
        return database.error();
    auto claim = RecorderClaim::take(path);
    if (!claim)
        return claim.error();
    if (auto prepared = HistorySchema::prepare(*database); !prepared)
        return prepared.error();
    // A cache that keeps the indexes' pages a batch touches (1,000 locks' worth) in memory: with
    // SQLite's default of 2 MB each batch read them back from the file.
    std::string pragmas = "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF; PRAGMA cache_size=-16384;";
    if (options.fileLimitBytes > 0) {
        auto pageSize = database->scalar("PRAGMA page_size");
        if (!pageSize)
            return pageSize.error();
        pragmas += " PRAGMA max_page_count="
            + std::to_string(std::max(1LL, options.fileLimitBytes / *pageSize)) + ";";
    }
    if (auto set = database->execute(pragmas); !set)
        return set.error();
    std::shared_ptr<SqliteHistoryFile> opened(new SqliteHistoryFile);
    opened->m_database = std::move(*database);
    opened->m_claim = std::move(*claim);
    openFiles()[key] = opened;
    return opened;
}

SqliteHistoryFile::~SqliteHistoryFile()
{
    if (m_inTransaction)
        (void)m_database.execute("COMMIT");
}

bool SqliteHistoryFile::claim(const std::string& source)
{
    return m_sources.insert(source).second;
}

void SqliteHistoryFile::release(const std::string& source)
{
    m_sources.erase(source);
}

Status SqliteHistoryFile::begin()
{
    if (m_inTransaction)
        return Done {};
    if (auto begun = m_database.execute("BEGIN IMMEDIATE"); !begun)
        return begun;
    m_inTransaction = true;
    return Done {};
}

Status SqliteHistoryFile::commit()
{
    if (auto committed = m_database.execute("COMMIT"); !committed)
        return committed;
    m_inTransaction = false;
    return Done {};
}

void SqliteHistoryFile::rollback()
{
    if (m_inTransaction) {
        (void)m_database.execute("ROLLBACK");
        ++m_rollbacks;
    }
    m_inTransaction = false;
}

} // namespace lockscope
