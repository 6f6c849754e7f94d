#pragma once

#include <string>

namespace lockscope {

class CommandLine;

// The manual page lockscope-cli(1), in roff: every command with its options, the global
// options, the lock kinds, exit codes, environment and files, and an EXAMPLES section, all from
// CommandLine and Reference (the build writes it with `lockscope-cli --generate man`).
class ManPage
{
public:
    // `date` as YYYY-MM-DD.
    static std::string write(
        const CommandLine& commandLine, const std::string& version, const std::string& date);
    // The date a page written now carries: SOURCE_DATE_EPOCH's when set (reproducible builds), else today's.
    static std::string date(const char* sourceDateEpoch);
};

} // namespace lockscope
