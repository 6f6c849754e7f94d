#pragma once

#include <iosfwd>
#include <map>
#include <string>

namespace lockscope {

// What lockscope-cli's standard streams are connected to, decided once by CliRunner: a prompt
// only where someone can answer, progress only where someone watches, colour only on a
// terminal and never with NO_COLOR (no-color.org). Streams that are not the process's own
// (tests' string streams) are not terminals, unless the caller says so.
struct Terminal
{
    bool input = false; // stdin: someone can answer a prompt
    bool output = false; // stdout
    bool errors = false; // stderr: progress lines are worth printing
    bool colour = false; // stdout is a terminal and NO_COLOR is not set
    bool quiet = false; // --quiet: no progress lines on stderr

    // For the process's streams (std::cin, std::cout, std::cerr); others count as no terminal.
    static Terminal of(std::istream& in, std::ostream& out, std::ostream& err,
        const std::map<std::string, std::string>& environment);
    // Whether `fd` is a pipe or socket whose reader has gone (`lockscope-cli watch | head -1`
    // after head exited): poll() says so at once, before anything more is written.
    static bool readerGone(int fd);
    // The exit code for an output stream that failed: 128+SIGPIPE (141, quietly) for a closed
    // pipe, as a shell reports a program SIGPIPE ended; 74 with a line on `err` otherwise.
    static int outputFailed(int savedErrno, std::ostream& err);
};

} // namespace lockscope
