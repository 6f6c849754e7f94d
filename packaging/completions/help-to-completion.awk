# Makes a shell completion script from a program's --help text, so that the completions offer
# exactly the commands and options --help lists (packaging/completions/CMakeLists.txt runs it at
# build time for bash and zsh).
#
#   awk -v program=NAME -v scenarioList=FILE -f help-to-completion.awk HELP_TEXT TEMPLATE
#
# From HELP_TEXT (in the shape described in packaging/manpages/help-to-man.awk) it takes:
#   - the global options: every --option of the synopsis, and the tags of a section "options:";
#   - the commands: the first word of each item of the section "commands:", and as each command's
#     options every --option its item's lines name;
#   - the lock kinds: the first word of each item of the section whose name says --kind;
#   - the value an option takes: the word after it, when in capitals (FILE, MS), in <> (Qt's
#     <FILE>) or a list of choices (held|contended|expired).
# The scenario list is `lockscope-cli demo --list` (lines "N  name"), or empty.
# In TEMPLATE, @PROGRAM@, @FUNCTION@, @COMMANDS@, @GLOBAL_OPTIONS@, @KINDS@ and @SCENARIOS@ are
# replaced by words, and the lines @COMMAND_OPTION_CASES@ and @VALUE_CASES@ by `case` branches
# (the same in bash and zsh).

function add(list, word) {
    return index(" " list " ", " " word " ") ? list : (list == "" ? word : list " " word)
}
# Adds each --option of `text` to the options of `owner` ("" for the global ones).
function options_of(text, owner,    option, rest, value) {
    while (match(text, /--[a-z0-9][a-z0-9-]*/)) {
        option = substr(text, RSTART, RLENGTH)
        rest = substr(text, RSTART + RLENGTH)
        text = rest
        if (option == "--")
            continue
        if (owner == "")
            globals = add(globals, option)
        else
            commandOptions[owner] = add(commandOptions[owner], option)
        value = ""
        if (match(rest, /^ <[A-Z][A-Z0-9_]*>/))
            value = substr(rest, RSTART + 2, RLENGTH - 3)
        else if (match(rest, /^ [A-Z][A-Z0-9_]*/))
            value = substr(rest, RSTART + 1, RLENGTH - 1)
        else if (match(rest, /^ [a-z]+(\|[a-z]+)+/))
            value = substr(rest, RSTART + 1, RLENGTH - 1)
        if (value != "" && !(option in values)) {
            values[option] = value
            valueOrder = valueOrder " " option
        }
    }
}

BEGIN {
    while ((getline line < scenarioList) > 0)
        if (line ~ /^[0-9]+  +[^ ]/) {
            split(line, fields, " ")
            scenarios = add(scenarios, fields[2])
        }
}

FNR == 1 { file++ }

file == 1 {
    line = $0
    if (FNR == 1 || (inSynopsis && line ~ /^ +[^ ]/)) {
        inSynopsis = 1
        options_of(line, "")
        next
    }
    inSynopsis = 0
    if (line == "") {
        command = ""
        next
    }
    if (line ~ /^[^ ].*:$/) {
        section = tolower(substr(line, 1, length(line) - 1))
        command = ""
        next
    }
    if (line ~ /^  [^ ]/) {
        text = substr(line, 3)
        word = text
        sub(/ .*/, "", word)
        if (section == "commands") {
            command = word
            commands = add(commands, command)
            options_of(substr(text, length(word) + 1), command)
        } else if (section == "options") {
            sub(/  .*/, "", text)
            options_of(text, "")
        } else if (index(section, "--kind")) {
            kinds = add(kinds, word)
        }
        next
    }
    if (command != "" && line ~ /^   /)
        options_of(line, command)
    next
}

{
    line = $0
    if (line == "@COMMAND_OPTION_CASES@") {
        count = split(commands, names, " ")
        for (i = 1; i <= count; i++)
            printf "        %s) options=\"%s\" ;;\n", names[i], commandOptions[names[i]]
        next
    }
    if (line == "@VALUE_CASES@") {
        count = split(valueOrder, names, " ")
        for (i = 1; i <= count; i++)
            printf "        %s) value=\"%s\" ;;\n", names[i], values[names[i]]
        next
    }
    function_name = "_" program
    gsub(/-/, "_", function_name)
    gsub(/@FUNCTION@/, function_name, line)
    gsub(/@PROGRAM@/, program, line)
    gsub(/@COMMANDS@/, commands, line)
    gsub(/@GLOBAL_OPTIONS@/, globals, line)
    gsub(/@KINDS@/, kinds, line)
    gsub(/@SCENARIOS@/, scenarios, line)
    print line
}
