#pragma once

#include "common/Result.h"
#include "redis/ConnectionOptions.h"

#include <map>
#include <string>

namespace lockscope {

// Which history database `record` and `history` use: --db FILE if given, else the default file
// of the profile (--profile NAME, else the connection's host:port or socket path).
class HistoryFile
{
public:
    static std::string choose(const std::string& dbOption, const std::string& profileOption,
        const ConnectionOptions& connection, const std::map<std::string, std::string>& environment);

    // What a PostgreSQL history needs beside its URL.
    struct Shared
    {
        bool isPostgres = false;
        std::string password; // from --db-password-env VAR; empty: libpq's own sources
        std::string source; // the watched server, as the rows name it
    };
    // --db-password-env names a variable that must be set (a password never goes on the command
    // line); it is only for a PostgreSQL URL.
    static Result<Shared> sharedDatabase(const std::string& location, const std::string& passwordEnv,
        const ConnectionOptions& connection, const std::map<std::string, std::string>& environment);
};

} // namespace lockscope
