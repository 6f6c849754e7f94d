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

} // namespace lockscope
