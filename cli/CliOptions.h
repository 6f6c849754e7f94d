#pragma once

#include "redis/ConnectionOptions.h"
#include "common/Result.h"

#include <map>
#include <string>
#include <vector>

namespace lockscope {

// The connection options every lockscope-cli command shares, and what follows them.
struct CliOptions
{
    ConnectionOptions connection;
    bool sandbox = false; // --sandbox: start a private redis-server and use it
    std::string command;
    std::vector<std::string> arguments; // after the command name
    bool help = false;

    // Parses argv (without argv[0]). `environment` supplies LOCKSCOPE_URL and the variable
    // named by --password-env; passed in so tests need not touch the process environment.
    static Result<CliOptions> parse(
        const std::vector<std::string>& args, const std::map<std::string, std::string>& environment);
    static std::string usage();
};

} // namespace lockscope
