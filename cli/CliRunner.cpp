#include "cli/CliRunner.h"

#include "cli/CliOptions.h"
#include "cli/CommandLine.h"
#include "cli/ExitCode.h"
#include "cli/Terminal.h"
#include "cli/commands/AdminCommand.h"
#include "cli/commands/DemoCommand.h"
#include "cli/commands/HistoryCommand.h"
#include "cli/commands/ListCommand.h"
#include "cli/commands/LockCommand.h"
#include "cli/commands/PingCommand.h"
#include "cli/commands/RecordCommand.h"
#include "cli/commands/StressCommand.h"
#include "cli/commands/WatchCommand.h"
#include "cli/docs/HelpText.h"
#include "cli/docs/ManPage.h"
#include "cli/docs/ShellCompletion.h"
#include "redis/RedisUrl.h"
#include "sandbox/RedisServerProcess.h"

#include <cerrno>
#include <csignal>
#include <iostream>
#include <ostream>

namespace lockscope {

int CliRunner::run(const std::vector<std::string>& args,
    const std::map<std::string, std::string>& environment, std::ostream& out, std::ostream& err)
{
    return run(args, environment, std::cin, out, err);
}

namespace {

int dispatch(CliOptions& options, const std::map<std::string, std::string>& environment, std::istream& in,
    std::ostream& out, std::ostream& err);

} // namespace

int CliRunner::run(const std::vector<std::string>& args,
    const std::map<std::string, std::string>& environment, std::istream& in, std::ostream& out,
    std::ostream& err)
{
    auto options = CliOptions::parse(args, environment);
    if (!options) {
        err << "lockscope-cli: " << options.error().message << "\n";
        return ExitUsage;
    }
    if (options->help || !options->generate.empty()) {
        CommandLine commandLine;
        const auto epoch = environment.find("SOURCE_DATE_EPOCH");
        if (options->generate == "man")
            out << ManPage::write(commandLine, LOCKSCOPE_VERSION,
                ManPage::date(epoch == environment.end() ? nullptr : epoch->second.c_str()));
        else if (options->generate == "flags") // "COMMAND --flag" a line, "-" for the global ones
            for (const std::string& command : commandLine.commandNames())
                for (const auto& flag : commandLine.flags(command == "-" ? "" : command))
                    out << command << " " << flag.name << "\n";
        else if (!options->generate.empty())
            out << ShellCompletion::write(commandLine, options->generate);
        else
            out << HelpText::write(commandLine, options->command);
        return ExitOk;
    }
    if (options->version) {
        out << "lockscope-cli " << LOCKSCOPE_VERSION << "\n";
        return ExitOk;
    }

    options->terminal = Terminal::of(in, out, err, environment);
    // Answers handed in by the caller (tests) are someone answering.
    options->terminal.input = options->terminal.input || &in != &std::cin;
    options->terminal.quiet = options->quiet;
    errno = 0;
    const int code = dispatch(*options, environment, in, out, err);
    // An output error is an exit code, never silence (a closed pipe: 141, quietly).
    if (!out.flush() && code != ExitIoError && code != ExitSignalBase + SIGPIPE) {
        const int saved = errno;
        out.clear();
        return Terminal::outputFailed(saved, err);
    }
    return code;
}

namespace {

int dispatch(CliOptions& options, const std::map<std::string, std::string>& environment, std::istream& in,
    std::ostream& out, std::ostream& err)
{
    std::unique_ptr<RedisServerProcess> sandbox;
    if (options.sandbox) {
        auto started = RedisServerProcess::startSandbox();
        if (!started) {
            err << "lockscope-cli: cannot start the sandbox: " << started.error().message << "\n";
            return exitCodeFor(started.error().kind);
        }
        sandbox = std::move(started.value());
        auto url = parseRedisUrl(sandbox->url(), options.connection);
        options.connection = *url;
        options.fleet = Fleet();
        options.fleet.add({FleetMember::defaultName(*url), *url, "--sandbox"});
    }
    const bool takesFleet
        = options.command == "list" || options.command == "watch" || options.command == "record";
    if (options.manyServers() && !takesFleet)
        return CommandLine::usageError(err, options.command,
            "works on one server; several (--url, --profile, --fleet) are for list, watch and record");
    for (const auto& note : options.fleet.notes())
        err << "lockscope-cli: " << note.english() << "\n";

    if (options.command == "ping")
        return PingCommand::run(options, out, err);
    if (options.command == "lock")
        return LockCommand::run(options, environment, out, err);
    if (options.command == "list")
        return ListCommand::run(options, out, err);
    if (options.command == "watch")
        return WatchCommand::run(options, out, err);
    if (options.command == "release")
        return AdminCommand::release(options, environment, in, out, err);
    if (options.command == "extend")
        return AdminCommand::extend(options, environment, out, err);
    if (options.command == "stress")
        return StressCommand::run(options, sandbox.get(), out, err);
    if (options.command == "demo")
        return DemoCommand::run(options, out, err);
    if (options.command == "record")
        return RecordCommand::run(options, environment, out, err);
    if (options.command == "history")
        return HistoryCommand::run(options, environment, out, err);
    // CommandLine defines every command above: a command it parsed but nobody runs is a bug.
    err << "lockscope-cli: " << options.command << " is defined but not implemented\n";
    return ExitSoftware;
}

} // namespace

} // namespace lockscope
