#pragma once

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
};

} // namespace lockscope
