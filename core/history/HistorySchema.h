#pragma once

#include "history/SqliteDatabase.h"

namespace lockscope {

// The tables of a history database and how older versions move forward. A file is ours when
// its application_id says so; its user_version is the schema version. A file that is someone
// else's, or from a newer LockScope, is refused and left untouched.
class HistorySchema
{
public:
    static constexpr long long applicationId = 0x4c6b5363; // "LkSc"
    static constexpr long long currentVersion = 6;

    // Creates the tables in an empty file, migrates an older one, refuses anything else.
    static Status prepare(SqliteDatabase& database);
    // Checks that a file opened for reading is a history this version understands.
    // Returns its version (an older one is read as it is, never migrated by a reader).
    static Result<long long> check(SqliteDatabase& database);
};

} // namespace lockscope
