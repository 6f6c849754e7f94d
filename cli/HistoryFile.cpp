#include "cli/HistoryFile.h"

#include "history/HistoryLocation.h"

namespace lockscope {

std::string HistoryFile::choose(const std::string& dbOption, const std::string& profileOption,
    const ConnectionOptions& connection, const std::map<std::string, std::string>& environment)
{
    if (!dbOption.empty())
        return dbOption;
    std::string profile = profileOption;
    if (profile.empty()) {
        profile = connection.describe();
        for (const char* scheme : {"redis://", "rediss://"}) {
            if (profile.rfind(scheme, 0) == 0)
                profile.erase(0, std::string(scheme).size());
        }
    }
    return HistoryLocation::defaultPath(profile, environment);
}

} // namespace lockscope
