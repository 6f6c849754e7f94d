#include "cli/docs/ManPage.h"

#include "cli/CommandLine.h"
#include "cli/docs/Reference.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace lockscope {

namespace {

// Text as roff shows it literally: backslashes and hyphens escaped, no line starting a request.
std::string roff(const std::string& text)
{
    std::string out;
    bool lineStart = true;
    for (char c : text) {
        if (lineStart && (c == '.' || c == '\''))
            out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        lineStart = c == '\n';
    }
    return out;
}

std::string paragraphs(const std::string& text)
{
    std::string out;
    size_t from = 0;
    while (from < text.size()) {
        size_t end = text.find("\n\n", from);
        if (end == std::string::npos)
            end = text.size();
        out += ".PP\n" + roff(text.substr(from, end - from)) + "\n";
        from = end + 2;
    }
    return out;
}

std::string flagTag(const CommandLine::Flag& flag)
{
    std::string tag = ".TP\n";
    if (!flag.shortName.empty())
        tag += "\\fB" + roff(flag.shortName) + "\\fR, ";
    tag += "\\fB" + roff(flag.name) + "\\fR";
    if (!flag.value.empty())
        tag += " \\fI" + roff(flag.value) + "\\fR";
    return tag + "\n" + roff(flag.description + (flag.repeatable ? " (repeatable)" : "")) + "\n";
}

std::string items(const std::vector<Reference::Item>& list)
{
    std::string out;
    for (const auto& entry : list)
        out += ".TP\n.B " + roff(entry.name) + "\n" + roff(entry.text) + "\n";
    return out;
}

} // namespace

std::string ManPage::date(const char* sourceDateEpoch)
{
    std::time_t now = std::time(nullptr);
    if (sourceDateEpoch && *sourceDateEpoch)
        now = static_cast<std::time_t>(std::strtoll(sourceDateEpoch, nullptr, 10));
    std::tm parts {};
    gmtime_r(&now, &parts);
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d", &parts);
    return buffer;
}

std::string ManPage::write(
    const CommandLine& commandLine, const std::string& version, const std::string& date)
{
    std::string page
        = ".\\\" lockscope-cli(1), written by `lockscope-cli --generate man` from the definition of\n"
          ".\\\" its commands and flags (cli/CommandLine.cpp): edit that, not this page.\n";
    page += ".TH LOCKSCOPE\\-CLI 1 \"" + date + "\" \"LockScope " + version + "\" \"User Commands\"\n";
    page += ".\\\" Options and names are not hyphenated, and lines are not stretched to the "
            "margin.\n.nh\n.ad l\n";
    page += ".SH NAME\nlockscope\\-cli \\- find, watch, hold, release and stress Redis distributed locks\n";
    page += ".SH SYNOPSIS\n.B lockscope\\-cli\n[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fICOMMAND OPTIONS\\fR] "
            "[\\fIOPERANDS\\fR]\n.br\n.B lockscope\\-cli\n\\fICOMMAND\\fR \\fB\\-\\-help\\fR\n.br\n"
            ".B lockscope\\-cli help\n\\fICOMMAND\\fR\n";
    page += ".SH DESCRIPTION\n";
    page += paragraphs(
        "lockscope-cli shows the distributed locks kept in Redis (its own, Redisson's, redis-py's, "
        "Laravel's and others), follows their changes, holds a lock while a command runs, "
        "releases or extends a lock, records a history and stress-tests lock kinds. The "
        "options below go before or after the command, and --opt=value is the same as --opt "
        "value.\n\n"
        + Reference::urlForms());
    page += ".SH COMMANDS\n";
    for (const auto& command : commandLine.commands()) {
        page += ".SS \"" + roff(command.name + (command.operands.empty() ? "" : " " + command.operands))
            + "\"\n";
        page += roff(command.summary) + ".\n";
        if (!command.details.empty())
            page += paragraphs(command.details);
        for (const auto& flag : commandLine.flags(command.name))
            page += flagTag(flag);
    }
    page += ".SH OPTIONS\n";
    for (const auto& flag : commandLine.flags(""))
        page += flagTag(flag);
    page += ".SH LOCK KINDS\n" + items(Reference::lockKinds());
    page += ".SH EXIT STATUS\n" + items(Reference::exitCodes());
    page += ".SH ENVIRONMENT\n" + items(Reference::environment());
    page += ".SH FILES\n" + items(Reference::files());
    page += ".SH EXAMPLES\n";
    for (const auto& command : commandLine.commands()) {
        for (const auto& example : command.examples)
            page += ".TP\n.B lockscope\\-cli " + roff(example.command) + "\n" + roff(example.says) + "\n";
    }
    page += ".SH SEE ALSO\n.BR lockscope (1),\n.BR redis\\-cli (1),\n.BR redis\\-server (1)\n";
    return page;
}

} // namespace lockscope
