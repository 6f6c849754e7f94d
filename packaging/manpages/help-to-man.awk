# Turns a program's --help text into the body of its manual page, so that the page says what
# --help says and cannot drift from it (packaging/manpages/CMakeLists.txt runs it at build time).
#
#   awk -v program=NAME -v version=V -v date=YYYY-MM-DD -f help-to-man.awk HELP_TEXT TEMPLATE
#
# TEMPLATE is roff: its @PROGRAM@, @VERSION@ and @DATE@ are replaced, and its line @HELP@ becomes
# the text made from HELP_TEXT. The help text is read in the shape lockscope-cli's usage() and
# Qt's QCommandLineParser both write:
#   - first the synopsis, "usage: NAME ..." (continued on indented lines; a line starting with
#     NAME again is a second form): SYNOPSIS;
#   - paragraphs at column 0 (their indented lines continue them): DESCRIPTION;
#   - a line at column 0 that ends in ':' starts a section (its name in capitals);
#   - in a section, a line indented two spaces starts an item: the words up to two spaces are
#     its tag, the rest and the lines indented further are its text; lines starting with '['
#     right below the tag continue the tag (a long synopsis); a text line starting with "--"
#     starts a new line (it is about that option).
# Every '-' becomes \- (options are typed with ASCII hyphens), '\' becomes \e, and a line that
# would start with a roff control character is guarded with \&.

function roff(text) {
    gsub(/\\/, "\\\\e", text)
    gsub(/-/, "\\\\-", text)
    return text
}
function emit(line) {
    if (line ~ /^[.']/)
        line = "\\&" line
    body = body line "\n"
}
function trimmed(text) {
    sub(/^[ \t]+/, "", text)
    sub(/[ \t]+$/, "", text)
    return text
}
function heading(text,    open, head, rest) {
    open = index(text, " (")
    head = open ? substr(text, 1, open - 1) : text
    rest = open ? substr(text, open) : ""
    return toupper(head) roff(rest)
}

# The help text: build the body.
NR == FNR {
    line = $0
    sub(/[ \t]+$/, "", line)
    if (FNR == 1) {
        sub(/^[Uu]sage: */, "", line)
        sub(/^[^ ]*\//, "", line) # Qt writes the program as it was started
        body = ".SH SYNOPSIS\n"
        synopsis(line)
        state = "synopsis"
        next
    }
    if (state == "synopsis") {
        if (line ~ /^ +[^ ]/) {
            text = trimmed(line)
            if (index(text, program " ") == 1 || text == program)
                body = body ".br\n"
            synopsis(text)
            next
        }
        body = body ".SH DESCRIPTION\n"
        state = "text"
        described = 0
    }
    if (line == "") {
        paragraph = 0
        next
    }
    if (line ~ /^[^ ].*:$/) {
        if (state == "text" && !described)
            emit(roff(summary))
        body = body ".SH " heading(substr(line, 1, length(line) - 1)) "\n"
        state = "section"
        item = 0
        paragraph = 0
        next
    }
    if (line ~ /^[^ ]/) {
        body = body (paragraph ? ".br\n" : ".PP\n")
        emit(roff(line))
        paragraph = 1
        item = 0
        described = 1
        next
    }
    text = trimmed(line)
    if (state == "section" && line ~ /^  [^ ]/) {
        split_at = match(text, /  +/)
        tag = split_at ? substr(text, 1, split_at - 1) : text
        rest = split_at ? trimmed(substr(text, split_at)) : ""
        body = body ((item && !itemText) ? ".TQ\n" : ".TP\n")
        emit("\\fB" roff(tag) "\\fR")
        item = 1
        itemText = 0
        if (rest != "") {
            emit(roff(rest))
            itemText = 1
        }
        paragraph = 0
        next
    }
    if (item && !itemText && substr(text, 1, 1) == "[") {
        body = body ".TQ\n"
        emit("\\fB" roff(text) "\\fR")
        next
    }
    if (item && itemText && substr(text, 1, 2) == "--")
        body = body ".br\n" # an item's text says one option a line
    emit(roff(text))
    if (item)
        itemText = 1
    next
}

# The template: copy it, with the body in place of @HELP@.
{
    line = $0
    if (line == "@HELP@") {
        printf "%s", body
        next
    }
    gsub(/@PROGRAM@/, program, line)
    gsub(/@VERSION@/, version, line)
    gsub(/@DATE@/, date, line)
    print line
}

function synopsis(text,    name) {
    if (index(text, program) == 1) {
        emit("\\fB" roff(program) "\\fR" roff(substr(text, length(program) + 1)))
        return
    }
    emit(roff(text))
}
