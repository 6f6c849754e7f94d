#pragma once

#include "common/Result.h"
#include "history/HistoryOptions.h"
#include "history/SqliteDatabase.h"
#include "history/sqlite/RecorderClaim.h"

#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace lockscope {

// One process's connection to a history file, shared by its recorders there (one per server of
// a fleet recording into one file). SQLite has one writer at a time: recorders each holding the
// write lock for their batch would wait for each other (and time out), so their writes join one
// transaction on this connection instead, under its mutex. Against other processes the file is
// claimed (RecorderClaim); within this one, each server once.
class SqliteHistoryFile
{
public:
    // The file at `path`: the one this process has open already, else opened (created with its
    // directory if missing, claimed, migrated, tuned).
    static Result<std::shared_ptr<SqliteHistoryFile>> open(
        const std::string& path, const HistoryOptions& options);
    ~SqliteHistoryFile(); // commits what is under way

    SqliteDatabase& database() { return m_database; }
    // Held around every use of the connection (re-entrant: a store's commit runs inside its start).
    std::recursive_mutex& mutex() { return m_mutex; }
    // Notes `source` recording here; false when it already is.
    bool claim(const std::string& source);
    void release(const std::string& source);

    // The transaction all writes join (the mutex held): begun if none is under way.
    Status begin();
    Status commit();
    // Undoes it (after a failure); the lock ids the stores cached since may name no row.
    void rollback();
    bool inTransaction() const { return m_inTransaction; }
    // How many rollbacks there were: a store whose cached ids are older forgets them.
    long long rollbacks() const { return m_rollbacks; }

private:
    SqliteHistoryFile() = default;

    SqliteDatabase m_database;
    RecorderClaim m_claim;
    std::recursive_mutex m_mutex;
    bool m_inTransaction = false;
    long long m_rollbacks = 0;
    std::set<std::string> m_sources;
};

} // namespace lockscope
