#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace lockscope {

// lockscope-cli without main(): parses the options, starts the sandbox when asked, dispatches
// to the command and turns every error into one line on `err` and a sysexits code.
class CliRunner
{
public:
    static int run(const std::vector<std::string>& args,
        const std::map<std::string, std::string>& environment, std::ostream& out, std::ostream& err);
    // The same, reading confirmations (release without --yes) from `in` instead of std::cin.
    static int run(const std::vector<std::string>& args,
        const std::map<std::string, std::string>& environment, std::istream& in, std::ostream& out,
        std::ostream& err);
};

} // namespace lockscope
