#include "history/HistoryLocation.h"

#include "common/DataDirectory.h"

#include <cctype>

namespace lockscope {

std::string HistoryLocation::fileNameFor(const std::string& profile)
{
    std::string name;
    for (unsigned char c : profile)
        name += std::isalnum(c) || c == '.' || c == '-' || c == '_' ? static_cast<char>(c) : '_';
    if (name.empty() || name.front() == '.')
        name.insert(name.begin(), '_');
    return name + ".sqlite";
}

std::string HistoryLocation::defaultPath(
    const std::string& profile, const std::map<std::string, std::string>& environment)
{
    std::string directory = lockscopeDataDirectory(environment);
    if (directory.empty())
        directory = ".lockscope";
    return directory + "/history/" + fileNameFor(profile);
}

bool HistoryLocation::isPostgres(const std::string& location)
{
    return location.rfind("postgresql://", 0) == 0 || location.rfind("postgres://", 0) == 0;
}

std::string HistoryLocation::sqlitePath(const std::string& location)
{
    if (location.rfind("file://", 0) == 0)
        return location.substr(7);
    if (location.rfind("file:", 0) == 0)
        return location.substr(5);
    return location;
}

} // namespace lockscope
