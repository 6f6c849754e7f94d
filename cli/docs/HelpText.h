#pragma once

#include <string>

namespace lockscope {

class CommandLine;

// lockscope-cli's --help (`topic` empty) and `lockscope-cli COMMAND --help` / `help COMMAND`,
// written from the one definition of the commands and flags (CommandLine) and Reference.
class HelpText
{
public:
    static std::string write(const CommandLine& commandLine, const std::string& topic);
};

} // namespace lockscope
