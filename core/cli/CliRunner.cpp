#include "cli/CliRunner.h"

#include "cli/CliOptions.h"
#include "cli/DemoCommand.h"
#include "cli/ExitCode.h"
#include "cli/LockCommand.h"
#include "cli/PingCommand.h"
#include "cli/StressCommand.h"
#include "redis/RedisUrl.h"
#include "sandbox/RedisServerProcess.h"

#include <ostream>

namespace lockscope {

int CliRunner::run(const std::vector<std::string>& args,
    const std::map<std::string, std::string>& environment, std::ostream& out, std::ostream& err)
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
    }

    if (options->command == "ping")
        return PingCommand::run(*options, out, err);
    if (options->command == "lock")
        return LockCommand::run(*options, environment, out, err);
    if (options->command == "stress")
        return StressCommand::run(*options, out, err);
    if (options->command == "demo")
        return DemoCommand::run(*options, out, err);
    err << "lockscope-cli: unknown command '" << options->command << "'\n" << CliOptions::usage();
    return ExitUsage;
}

} // namespace lockscope
