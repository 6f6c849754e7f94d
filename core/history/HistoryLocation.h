#pragma once

#include <map>
#include <string>

namespace lockscope {

// Where a connection profile's history lives by default:
// <data directory>/history/<profile>.sqlite (see lockscopeDataDirectory), the profile name made
// safe for a file name.
class HistoryLocation
{
public:
    static std::string defaultPath(
        const std::string& profile, const std::map<std::string, std::string>& environment);
    // Letters, digits, '.', '-' and '_' stay; anything else becomes '_' ("127.0.0.1_6379").
    static std::string fileNameFor(const std::string& profile);
    // A history location is a PostgreSQL URL (postgresql://..., postgres://...) or a SQLite file
    // (a plain path, or file:PATH).
    static bool isPostgres(const std::string& location);
    static std::string sqlitePath(const std::string& location);
};

} // namespace lockscope
