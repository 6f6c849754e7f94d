#pragma once

#include "cli/CommandArguments.h"
#include "cli/Terminal.h"
#include "common/Result.h"
#include "fleet/Fleet.h"
#include "redis/ConnectionOptions.h"

#include <map>
#include <string>
#include <vector>

namespace lockscope {

// The connection options every lockscope-cli command shares, and what follows them.
struct CliOptions
{
    ConnectionOptions connection; // the first server's
    // Every server asked for (--url and --profile, repeatable, in their order, then --fleet
    // FILE's), or the one default server; commands that take one server use `connection`.
    Fleet fleet;
    bool fleetFileGiven = false;
    bool sandbox = false; // --sandbox: start a private redis-server and use it
    std::string command;
    CommandArguments arguments; // the command's own flags and operands
    bool help = false; // --help or `help [COMMAND]`: `command` is the topic (may be empty)
    bool version = false; // --version
    std::string generate; // hidden --generate man|bash|zsh|fish|flags (the build's)
    bool quiet = false; // --quiet
    Terminal terminal; // what the streams are (set by CliRunner)

    // Parses argv (without argv[0]) with CommandLine. `environment` supplies LOCKSCOPE_URL,
    // REDIS_URL, REDISCLI_AUTH and the variable named by --password-env; passed in so tests need
    // not touch the process environment. A usage mistake is one line naming the flag.
    static Result<CliOptions> parse(
        const std::vector<std::string>& args, const std::map<std::string, std::string>& environment);

    // Whether more than one server was asked for (list's SERVER column, watch's line prefix).
    // A --fleet file counts as several even with one line: its servers are named in the output.
    bool manyServers() const { return fleet.size() > 1 || fleetFileGiven; }
};

} // namespace lockscope
