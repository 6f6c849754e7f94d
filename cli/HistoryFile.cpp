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

Result<HistoryFile::Shared> HistoryFile::sharedDatabase(const std::string& location,
    const std::string& passwordEnv, const ConnectionOptions& connection,
    const std::map<std::string, std::string>& environment)
{
    Shared shared;
    shared.isPostgres = HistoryLocation::isPostgres(location);
    shared.source = connection.describe();
    if (passwordEnv.empty())
        return shared;
    if (!shared.isPostgres)
        return makeError(ErrorKind::Usage, "--db-password-env is for a postgresql:// history database");
    auto it = environment.find(passwordEnv);
    if (it == environment.end())
        return makeError(ErrorKind::Usage, "--db-password-env: " + passwordEnv + " is not set");
    shared.password = it->second;
    return shared;
}

} // namespace lockscope
