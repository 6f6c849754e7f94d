#include "cli/docs/ShellCompletion.h"

#include "cli/CommandLine.h"
#include "demo/DemoCatalog.h"
#include "locks/LockFactory.h"

#include <map>
#include <set>

namespace lockscope {

namespace {

// What the scripts need, as words.
struct Words
{
    // "--url|-u" -> how its value is completed: file, var, kind, profile, free, or "choice:a b c".
    std::vector<std::pair<std::string, std::string>> values;
    std::vector<std::pair<std::string, std::string>> commandOptions; // command -> its flags
    std::string globalOptions;
    std::string commands;
    std::string kinds;
    std::string scenarios;
};

std::string valueKind(const CommandLine::Flag& flag)
{
    using Kind = CommandLine::ValueKind;
    switch (flag.kind) {
    case Kind::File:
        return "file";
    case Kind::Variable:
        return "var";
    case Kind::Kind:
        return "kind";
    case Kind::Profile:
        return "profile";
    case Kind::Choice: {
        std::string words = flag.value;
        for (char& c : words)
            c = c == '|' ? ' ' : c;
        return "choice:" + words;
    }
    case Kind::Free:
        return "free";
    case Kind::None:
        break;
    }
    return {};
}

std::string join(const std::vector<std::string>& words)
{
    std::string text;
    for (const auto& word : words)
        text += (text.empty() ? "" : " ") + word;
    return text;
}

std::string names(const CommandLine::Flag& flag)
{
    return flag.shortName.empty() ? flag.name : flag.shortName + " " + flag.name;
}

Words words(const CommandLine& commandLine)
{
    Words words;
    std::set<std::string> seen;
    auto addValues = [&](const std::vector<CommandLine::Flag>& flags) {
        std::vector<std::string> all;
        for (const auto& flag : flags) {
            all.push_back(names(flag));
            if (flag.value.empty() || !seen.insert(flag.name).second)
                continue;
            words.values.emplace_back(
                flag.shortName.empty() ? flag.name : flag.name + "|" + flag.shortName, valueKind(flag));
        }
        return join(all);
    };
    words.globalOptions = addValues(commandLine.flags(""));
    std::vector<std::string> commands;
    for (const auto& command : commandLine.commands()) {
        commands.push_back(command.name);
        words.commandOptions.emplace_back(command.name, addValues(commandLine.flags(command.name)));
    }
    words.commands = join(commands);
    std::vector<std::string> kinds;
    for (const auto& kind : LockFactory::kinds())
        kinds.emplace_back(kind.name());
    words.kinds = join(kinds);
    std::vector<std::string> scenarios;
    for (const auto& scenario : DemoCatalog::all())
        scenarios.emplace_back(scenario->name());
    words.scenarios = join(scenarios);
    return words;
}

std::string replaced(std::string text, const std::map<std::string, std::string>& values)
{
    for (const auto& [key, value] : values) {
        for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
            text.replace(at, key.size(), value);
    }
    return text;
}

// clang-format off: shell code, not C++
const char* const bashScript
    = R"SH(# bash completion for lockscope-cli: written by `lockscope-cli --generate bash` from the
# definition of its commands and flags (cli/CommandLine.cpp); edit that, not this file.

# How an option's value is completed: file, var, kind, profile, free, or "choice:WORD...";
# nothing for a switch.
_lockscope_cli_value()
{
    case $1 in
@VALUE_CASES@
    esac
}

# The flags of a command.
_lockscope_cli_options()
{
    case $1 in
@COMMAND_OPTION_CASES@
    esac
}

# The saved connection profiles' names, one a line, from the GUI's profile store.
_lockscope_cli_profiles()
{
    command -v lockscope >/dev/null 2>&1 || return 0
    QT_QPA_PLATFORM=offscreen lockscope --list-profiles 2>/dev/null
}

# Offers those of the words after the first that start with the first.
_lockscope_cli_offer()
{
    local cur=$1 word
    shift
    for word in "$@"; do
        [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
    done
    return 0
}

_lockscope_cli()
{
    COMPREPLY=()
    local cur=${COMP_WORDS[COMP_CWORD]} prev="" command="" word value i
    local -i positionals=0
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    # --opt=VALUE: bash splits at the '=' (COMP_WORDBREAKS); complete VALUE as --opt's.
    if [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        cur=${cur#*=}
    fi
    # The command is the first word that is neither an option nor an option's value.
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if [[ $word == -- && -n $command ]]; then # lock NAME -- COMMAND [ARGS...]
            if ((i == COMP_CWORD - 1)); then
                mapfile -t COMPREPLY < <(compgen -c -- "$cur" | sort -u)
            else
                compopt -o default 2>/dev/null
            fi
            return 0
        fi
        if [[ $word == -*=* ]]; then
            continue
        elif [[ $word == -* ]]; then
            if [[ -n $(_lockscope_cli_value "$word") ]]; then
                ((i++))
                [[ ${COMP_WORDS[i]} == = ]] && ((i++))
            fi
        elif [[ -z $command ]]; then
            command=$word
        else
            positionals+=1
        fi
    done

    value=""
    [[ $prev == -* ]] && value=$(_lockscope_cli_value "$prev")
    if [[ -n $value ]]; then
        case $value in
        kind) _lockscope_cli_offer "$cur" @KINDS@ ;;
        profile)
            while IFS= read -r word; do
                [[ -n $word && $word == "$cur"* ]] && COMPREPLY+=("$(printf '%q' "$word")")
            done < <(_lockscope_cli_profiles)
            ;;
        file) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        var) mapfile -t COMPREPLY < <(compgen -v -- "$cur") ;;
        choice:*) _lockscope_cli_offer "$cur" ${value#choice:} ;;
        esac
        return 0
    fi
    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            _lockscope_cli_offer "$cur" @GLOBAL_OPTIONS@
        else
            _lockscope_cli_offer "$cur" @COMMANDS@
        fi
    elif [[ $cur == -* ]]; then
        _lockscope_cli_offer "$cur" $(_lockscope_cli_options "$command") @GLOBAL_OPTIONS@
    elif [[ $command == demo ]] && ((positionals == 0)); then
        _lockscope_cli_offer "$cur" @SCENARIOS@
    elif [[ $command == help ]] && ((positionals == 0)); then
        _lockscope_cli_offer "$cur" @COMMANDS@
    fi
    return 0
}
complete -F _lockscope_cli lockscope-cli
)SH";

const char* const zshScript = R"SH(#compdef lockscope-cli
# zsh completion for lockscope-cli: written by `lockscope-cli --generate zsh` from the definition
# of its commands and flags (cli/CommandLine.cpp); edit that, not this file.

# How an option's value is completed: file, var, kind, profile, free, or "choice:WORD...";
# nothing for a switch.
_lockscope_cli_value()
{
    case $1 in
@VALUE_CASES@
    esac
}

# The flags of a command.
_lockscope_cli_options()
{
    case $1 in
@COMMAND_OPTION_CASES@
    esac
}

# The saved connection profiles' names, one a line, from the GUI's profile store.
_lockscope_cli_profiles()
{
    (( $+commands[lockscope] )) || return 0
    QT_QPA_PLATFORM=offscreen lockscope --list-profiles 2>/dev/null
}

_lockscope_cli()
{
    local cur=${words[CURRENT]} prev=${words[CURRENT-1]} command="" word value
    local -i positionals=0 i
    local -a profiles
    if [[ $cur == --*=* ]]; then # --opt=VALUE: complete VALUE as --opt's
        prev=${cur%%=*}
        compset -P '*='
        cur=${cur#*=}
    fi
    # The command is the first word that is neither an option nor an option's value.
    for ((i = 2; i < CURRENT; i++)); do
        word=${words[i]}
        if [[ $word == -- && -n $command ]]; then # lock NAME -- COMMAND [ARGS...]
            if ((i == CURRENT - 1)); then _command_names -e; else _files; fi
            return
        fi
        if [[ $word == -*=* ]]; then
            continue
        elif [[ $word == -* ]]; then
            [[ -n $(_lockscope_cli_value "$word") ]] && ((i++))
        elif [[ -z $command ]]; then
            command=$word
        else
            positionals+=1
        fi
    done

    value=""
    [[ $prev == -* ]] && value=$(_lockscope_cli_value "$prev")
    if [[ -n $value ]]; then
        case $value in
        kind) compadd -- @KINDS@ ;;
        profile) profiles=(${(f)"$(_lockscope_cli_profiles)"}); compadd -- $profiles ;;
        file) _files ;;
        var) _parameters ;;
        choice:*) compadd -- ${=value#choice:} ;;
        esac
        return
    fi
    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            compadd -- @GLOBAL_OPTIONS@
        else
            compadd -- @COMMANDS@
        fi
    elif [[ $cur == -* ]]; then
        compadd -- ${=$(_lockscope_cli_options "$command")} @GLOBAL_OPTIONS@
    elif [[ $command == demo ]] && ((positionals == 0)); then
        compadd -- @SCENARIOS@
    elif [[ $command == help ]] && ((positionals == 0)); then
        compadd -- @COMMANDS@
    fi
}

_lockscope_cli "$@"
)SH";
// clang-format on

std::string caseLines(const std::vector<std::pair<std::string, std::string>>& cases, const std::string& quote)
{
    std::string text;
    for (const auto& [pattern, value] : cases)
        text += "    " + pattern + ") printf '%s' " + quote + value + quote + " ;;\n";
    if (!text.empty())
        text.pop_back();
    return text;
}

// One fish `complete` line; `condition` empty: everywhere.
std::string fishLine(const CommandLine::Flag& flag, const std::string& condition, const Words& words)
{
    std::string line = "complete -c lockscope-cli";
    if (!condition.empty())
        line += " -n '" + condition + "'";
    line += " -l " + flag.name.substr(2);
    if (!flag.shortName.empty())
        line += " -s " + flag.shortName.substr(1);
    const std::string kind = valueKind(flag);
    if (kind == "file")
        line += " -r -F";
    else if (kind == "var")
        line += " -x -a '(set -n)'";
    else if (kind == "kind")
        line += " -x -a '" + words.kinds + "'";
    else if (kind == "profile")
        line += " -x -a '(__lockscope_cli_profiles)'";
    else if (kind.starts_with("choice:"))
        line += " -x -a '" + kind.substr(7) + "'";
    else if (kind == "free")
        line += " -x";
    std::string description = flag.description;
    for (size_t at = description.find('\''); at != std::string::npos; at = description.find('\'', at + 4))
        description.replace(at, 1, "\\'");
    return line + " -d '" + description + "'\n";
}

std::string fish(const CommandLine& commandLine, const Words& words)
{
    std::string text
        = "# fish completion for lockscope-cli: written by `lockscope-cli --generate fish` from the\n"
          "# definition of its commands and flags (cli/CommandLine.cpp); edit that, not this file.\n\n"
          "# The saved connection profiles' names, one a line, from the GUI's profile store.\n"
          "function __lockscope_cli_profiles\n"
          "    command -q lockscope; or return 0\n"
          "    QT_QPA_PLATFORM=offscreen lockscope --list-profiles 2>/dev/null\n"
          "end\n\n"
          "complete -c lockscope-cli -f\n"
          "# Global options go before or after the command.\n";
    for (const auto& flag : commandLine.flags(""))
        text += fishLine(flag, "", words);
    text += "\n# The commands, until one is given.\n";
    for (const auto& command : commandLine.commands()) {
        std::string summary = command.summary;
        for (size_t at = summary.find('\''); at != std::string::npos; at = summary.find('\'', at + 4))
            summary.replace(at, 1, "\\'");
        text += "complete -c lockscope-cli -n '__fish_use_subcommand' -a " + command.name + " -d '" + summary
            + "'\n";
    }
    for (const auto& command : commandLine.commands()) {
        const std::string condition = "__fish_seen_subcommand_from " + command.name;
        text += "\n# " + command.name + "\n";
        for (const auto& flag : commandLine.flags(command.name))
            text += fishLine(flag, condition, words);
    }
    text += "complete -c lockscope-cli -n '__fish_seen_subcommand_from demo' -a '" + words.scenarios + "'\n";
    text += "complete -c lockscope-cli -n '__fish_seen_subcommand_from help' -a '" + words.commands + "'\n";
    // lock NAME -- COMMAND [ARGS...]: the program after --, then its own completion.
    text += "complete -c lockscope-cli -n 'contains -- -- (commandline -opc)' -a "
            "'(__fish_complete_subcommand -- --)'\n";
    return text;
}

} // namespace

std::string ShellCompletion::write(const CommandLine& commandLine, const std::string& shell)
{
    const Words all = words(commandLine);
    if (shell == "fish")
        return fish(commandLine, all);
    std::vector<std::pair<std::string, std::string>> options;
    for (const auto& [command, flags] : all.commandOptions)
        options.emplace_back(command, flags);
    return replaced(shell == "zsh" ? zshScript : bashScript,
        {{"@VALUE_CASES@", caseLines(all.values, "'")}, {"@COMMAND_OPTION_CASES@", caseLines(options, "'")},
            {"@GLOBAL_OPTIONS@", all.globalOptions}, {"@COMMANDS@", all.commands}, {"@KINDS@", all.kinds},
            {"@SCENARIOS@", all.scenarios}});
}

} // namespace lockscope
