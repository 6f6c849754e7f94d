#pragma once

#include "cli/CommandArguments.h"
#include "common/Result.h"
#include "redis/ConnectionFlags.h"

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace CLI {
class App;
class Option;
} // namespace CLI

namespace lockscope {

// Every lockscope-cli command and flag, defined once on CLI11 (cli/CommandLine.cpp): the parser
// reads argv with it, and --help, `help COMMAND`, the manual page and the bash, zsh and fish
// completions (cli/docs/) are all written from it, so they cannot disagree with what is parsed.
// How to add a command or a flag: cli/README.md.
class CommandLine
{
public:
    // A command line to show, and what it does (help and the manual page's EXAMPLES).
    struct Example
    {
        std::string command; // after "lockscope-cli "
        std::string says;
    };
    // What CLI11 does not hold about a command.
    struct Command
    {
        std::string name;
        std::string operands; // the synopsis after the options: "NAME", "[SCENARIO]"
        std::string summary; // one line, in the list of commands
        std::string details; // paragraphs, '\n\n' between them
        std::vector<Example> examples;
    };
    // How a flag's value is completed by the shells (from its type name).
    enum class ValueKind
    {
        None, // a switch
        Free, // anything: nothing to offer
        File,
        Variable, // the name of an environment variable
        Kind, // a lock kind
        Profile, // a saved connection profile
        Choice, // one of the words of its type name "a|b|c"
    };
    struct Flag
    {
        std::string name; // "--url"
        std::string shortName; // "-u", or empty
        std::string value; // the type name ("URL"); empty for a switch
        std::string description;
        bool repeatable = false;
        ValueKind kind = ValueKind::None;
    };

    // Where and how to connect, and the servers: options before or after the command.
    struct Global
    {
        // --url and --profile in their order (true: a profile).
        std::vector<std::pair<bool, std::string>> servers;
        std::string fleetFile;
        ConnectionFlags connection;
        bool sandbox = false;
        bool quiet = false;
    };

    // The outcome of parsing one argv.
    struct Parsed
    {
        std::string command; // empty with --help/--version alone
        bool help = false; // --help, -h, or `help [COMMAND]` (then `command` is the topic)
        bool version = false;
        std::string generate; // hidden --generate man|bash|zsh|fish
        Global global;
        CommandArguments arguments;
    };

    CommandLine();
    ~CommandLine();
    CommandLine(const CommandLine&) = delete;
    CommandLine& operator=(const CommandLine&) = delete;

    // Parses argv (without argv[0]). A mistake is a Usage error of one line that names the flag
    // and ends with "see lockscope-cli COMMAND --help".
    Result<Parsed> parse(const std::vector<std::string>& args);

    const std::vector<Command>& commands() const { return m_commands; }
    const Command* command(std::string_view name) const;
    // "-" (the global options), then every command's name.
    std::vector<std::string> commandNames() const;
    // The options of `command` (empty: the global options), in the order they were defined;
    // hidden ones left out.
    std::vector<Flag> flags(std::string_view command) const;

    // A usage mistake, as every command reports it: one line on `err`, exit 64.
    static int usageError(std::ostream& err, std::string_view command, std::string_view message);
    // " (see lockscope-cli COMMAND --help)" or, without a command, "lockscope-cli --help".
    static std::string seeHelp(std::string_view command);

private:
    void defineGlobal();
    void defineCommands();
    CLI::App* defineCommand(Command command);

    std::unique_ptr<CLI::App> m_app;
    std::vector<Command> m_commands;
    Parsed m_parsed; // what the options are bound to
};

} // namespace lockscope
