#pragma once

#include <string>

namespace lockscope {

class CommandLine;

// lockscope-cli's bash, zsh and fish completions, written from CommandLine (the build writes
// them with `lockscope-cli --generate bash|zsh|fish`): every command, every flag of the command
// typed and every global flag; the values of --kind (the lock kinds), choices (--top), FILE and
// VAR values, the demo scenarios, and the saved profiles' names (asked of `lockscope
// --list-profiles` as the user presses Tab).
class ShellCompletion
{
public:
    // `shell`: bash, zsh or fish.
    static std::string write(const CommandLine& commandLine, const std::string& shell);
};

} // namespace lockscope
