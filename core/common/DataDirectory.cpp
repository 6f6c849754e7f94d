#include "common/DataDirectory.h"

namespace lockscope {

std::string lockscopeDataDirectory(const std::map<std::string, std::string>& environment)
{
    auto value = [&](const char* name) -> std::string {
        auto it = environment.find(name);
        return it == environment.end() ? std::string() : it->second;
    };
    if (auto data = value("XDG_DATA_HOME"); !data.empty())
        return data + "/lockscope";
    if (auto home = value("HOME"); !home.empty())
        return home + "/.local/share/lockscope";
    return {};
}

} // namespace lockscope
