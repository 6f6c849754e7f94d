#pragma once

#include "common/Result.h"

namespace lockscope {

class PostgresConnection;

// The history's tables in a PostgreSQL database (its current schema, normally public), with
// their version in table lockscope_schema. The versions follow the SQLite history's (1: locks,
// events, holds, gaps, sessions, alerts; 2: marks; 3: polling spans; 4, PostgreSQL's own: the
// batches each session committed; 5: the library's name of each lock); every table that speaks of one
// recorder has a `source` column naming the server it watches.
class PostgresSchema
{
public:
    static constexpr long long currentVersion = 6;

    // For a reader: ours and not newer (an older one is read as it is, never migrated here).
    // Returns the version.
    static Result<long long> check(PostgresConnection& connection);
    // For a recorder: creates the tables in an empty database, migrates an older one forward in
    // one transaction, refuses a newer one (both versions named) or one with tables that are not
    // ours, writing nothing then.
    static Status prepare(PostgresConnection& connection);
};

} // namespace lockscope
