#include "cli/CliRunner.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/commands/AdminCommand.h"
#include "cli/commands/ClientsCommand.h"
#include "cli/commands/DemoCommand.h"
#include "cli/commands/HistoryCommand.h"
#include "cli/commands/ListCommand.h"
#include "cli/commands/LockCommand.h"
#include "cli/commands/PingCommand.h"
#include "cli/commands/RecordCommand.h"
#include "cli/commands/StressCommand.h"
#include "cli/commands/WatchCommand.h"
#include "redis/RedisUrl.h"
#include "sandbox/RedisServerProcess.h"

#include <iostream>
#include <ostream>

namespace lockscope {

int CliRunner::run(const std::vector<std::string>& args,
    const std::map<std::string, std::string>& environment, std::ostream& out, std::ostream& err)
{
    return run(args, environment, std::cin, out, err);
}

int CliRunner::run(const std::vector<std::string>& args,
    const std::map<std::string, std::string>& environment, std::istream& in, std::ostream& out,
    std::ostream& err)
{
    auto options = CliOptions::parse(args, environment);
    if (!options) {
        err << "lockscope-cli: " << options.error().message << "\n" << CliOptions::usage();
        return ExitUsage;
    }
    if (options->help) {
        out << CliOptions::usage();
        return ExitOk;
    }
    if (options->version) {
        out << "lockscope-cli " << LOCKSCOPE_VERSION << "\n";
        return ExitOk;
    }

    std::unique_ptr<RedisServerProcess> sandbox;
    if (options->sandbox) {
        auto started = RedisServerProcess::startSandbox();
        if (!started) {
            err << "lockscope-cli: cannot start the sandbox: " << started.error().message << "\n";
            return exitCodeFor(started.error().kind);
        }
        sandbox = std::move(started.value());
        auto url = parseRedisUrl(sandbox->url(), options->connection);
        options->connection = *url;
        options->fleet = Fleet();
        options->fleet.add({FleetMember::defaultName(*url), *url, "--sandbox"});
    }
    const bool takesFleet
        = options->command == "list" || options->command == "watch" || options->command == "record";
    if (options->manyServers() && !takesFleet) {
        err << "lockscope-cli: " << options->command
            << " works on one server; several (--url, --profile, --fleet) are for list, watch and record\n";
        return ExitUsage;
    }
    for (const auto& note : options->fleet.notes())
        err << "lockscope-cli: " << note.english() << "\n";

    if (options->command == "ping")
        return PingCommand::run(*options, out, err);
    if (options->command == "lock")
        return LockCommand::run(*options, environment, out, err);
    if (options->command == "list")
        return ListCommand::run(*options, out, err);
    if (options->command == "watch")
        return WatchCommand::run(*options, out, err);
    if (options->command == "release")
        return AdminCommand::release(*options, environment, in, out, err);
    if (options->command == "extend")
        return AdminCommand::extend(*options, environment, out, err);
    if (options->command == "stress")
        return StressCommand::run(*options, sandbox.get(), out, err);
    if (options->command == "demo")
        return DemoCommand::run(*options, out, err);
    if (options->command == "record")
        return RecordCommand::run(*options, environment, out, err);
    if (options->command == "history")
        return HistoryCommand::run(*options, environment, out, err);
    if (options->command == "clients")
        return ClientsCommand::run(*options, out, err);
    err << "lockscope-cli: unknown command '" << options->command << "'\n" << CliOptions::usage();
    return ExitUsage;
}

} // namespace lockscope
