#include "cli/docs/HelpText.h"

#include "cli/CommandLine.h"
#include "cli/docs/Reference.h"

namespace lockscope {

namespace {

// "  name    text", the text wrapped at the column `at` (or on the next line when the name is longer).
std::string item(const std::string& name, const std::string& text, size_t at)
{
    std::string wrapped = Reference::wrap(text, at);
    const std::string head = "  " + name;
    if (head.size() + 2 <= at)
        return head + wrapped.substr(head.size());
    return head + "\n" + wrapped;
}

std::string flagName(const CommandLine::Flag& flag)
{
    std::string name = flag.shortName.empty() ? "    " : flag.shortName + ", ";
    name += flag.name;
    if (!flag.value.empty())
        name += " " + flag.value;
    return name;
}

std::string flagList(const std::vector<CommandLine::Flag>& flags)
{
    std::string text;
    for (const auto& flag : flags)
        text += item(flagName(flag), flag.description + (flag.repeatable ? " (repeatable)" : ""), 30);
    return text;
}

std::string section(const std::string& title, const std::vector<Reference::Item>& items, size_t at)
{
    std::string text = "\n" + title + ":\n";
    for (const auto& entry : items)
        text += item(entry.name, entry.text, at);
    return text;
}

std::string commandHelp(const CommandLine& commandLine, const CommandLine::Command& command)
{
    std::string text = "usage: lockscope-cli " + command.name + " [OPTIONS]"
        + (command.operands.empty() ? "" : " " + command.operands) + "\n\n";
    text += Reference::wrap(command.summary, 0);
    if (!command.details.empty())
        text += "\n" + Reference::wrap(command.details, 0);
    const auto flags = commandLine.flags(command.name);
    if (!flags.empty())
        text += "\noptions:\n" + flagList(flags);
    text += "\n"
        + Reference::wrap(
            "The connection options (--url, --user, --tls-ca, ...) go before or after the command: "
            "lockscope-cli --help lists them.",
            0);
    if (command.name == "lock" || command.name == "stress")
        text += section("lock kinds (--kind)", Reference::lockKinds(), 14);
    if (!command.examples.empty()) {
        text += "\nexamples:\n";
        for (const auto& example : command.examples)
            text += "  lockscope-cli " + example.command + "\n" + Reference::wrap(example.says, 6);
    }
    text += "\nexit status: lockscope-cli --help lists every code.\n";
    return text;
}

} // namespace

std::string HelpText::write(const CommandLine& commandLine, const std::string& topic)
{
    if (const auto* command = commandLine.command(topic))
        return commandHelp(commandLine, *command);
    std::string text = "usage: lockscope-cli [OPTIONS] COMMAND [COMMAND OPTIONS] [OPERANDS]\n"
                       "       lockscope-cli COMMAND --help | lockscope-cli help COMMAND\n"
                       "       lockscope-cli --version\n\n"
                       "Finds, watches, holds, releases and stress-tests Redis distributed locks.\n"
                       "\ncommands:\n";
    for (const auto& command : commandLine.commands())
        text += item(command.name, command.summary, 12);
    text += "\noptions (before or after the command; --opt=value works too):\n"
        + flagList(commandLine.flags(""));
    text += "\n" + Reference::wrap(Reference::urlForms(), 0);
    text += section("lock kinds (--kind)", Reference::lockKinds(), 14);
    text += section("exit status", Reference::exitCodes(), 10);
    text += section("environment", Reference::environment(), 22);
    text += section("files", Reference::files(), 22);
    return text;
}

} // namespace lockscope
