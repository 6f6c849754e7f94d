#pragma once

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
    std::vector<std::string> arguments; // after the command name
    bool help = false;
    bool version = false; // --version

    // Parses argv (without argv[0]). `environment` supplies LOCKSCOPE_URL and the variable
    // named by --password-env; passed in so tests need not touch the process environment.
    static Result<CliOptions> parse(
        const std::vector<std::string>& args, const std::map<std::string, std::string>& environment);
    // `--help`, and the one source of the manual page lockscope-cli(1) and of the bash and zsh
    // completions, which packaging/manpages/help-to-man.awk and
    // packaging/completions/help-to-completion.awk make from it at build time: an option or
    // command added here is in both without further work. Keep its shape so they can read it:
    // the synopsis first (continued on indented lines), then paragraphs; a line at column 0
    // ending in ':' starts a section; in a section, a line indented two spaces starts an item
    // (a command, kind, code, variable or file), with its text after two or more spaces or on
    // the following lines indented further ('['-lines right below an item continue its synopsis).
    // Every --option an item's lines name is offered after that command by the completions.
    static std::string usage();

    // Whether more than one server was asked for (list's SERVER column, watch's line prefix).
    // A --fleet file counts as several even with one line: its servers are named in the output.
    bool manyServers() const { return fleet.size() > 1 || fleetFileGiven; }
};

} // namespace lockscope
