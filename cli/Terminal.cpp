#include "cli/Terminal.h"

#include "cli/ExitCode.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>

#include <poll.h>
#include <unistd.h>

namespace lockscope {

Terminal Terminal::of(std::istream& in, std::ostream& out, std::ostream& err,
    const std::map<std::string, std::string>& environment)
{
    Terminal terminal;
    terminal.input = &in == &std::cin && ::isatty(STDIN_FILENO) == 1;
    terminal.output = &out == &std::cout && ::isatty(STDOUT_FILENO) == 1;
    terminal.errors = &err == &std::cerr && ::isatty(STDERR_FILENO) == 1;
    // NO_COLOR: set and not empty means no colour, whatever its value.
    const auto noColour = environment.find("NO_COLOR");
    terminal.colour = terminal.output && (noColour == environment.end() || noColour->second.empty());
    return terminal;
}

bool Terminal::readerGone(int fd)
{
    pollfd entry {fd, 0, 0};
    return ::poll(&entry, 1, 0) == 1 && (entry.revents & (POLLERR | POLLHUP)) != 0;
}

int Terminal::outputFailed(int savedErrno, std::ostream& err)
{
    if (savedErrno == EPIPE)
        return ExitSignalBase + SIGPIPE;
    err << "lockscope-cli: cannot write the output: " << std::strerror(savedErrno ? savedErrno : EIO) << "\n";
    return ExitIoError;
}

} // namespace lockscope
