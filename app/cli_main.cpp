#include "cli/CliRunner.h"

#include <csignal>
#include <iostream>
#include <map>
#include <string>
#include <vector>

extern char** environ;

int main(int argc, char** argv)
{
    std::signal(SIGPIPE, SIG_IGN);
    std::map<std::string, std::string> environment;
    for (char** entry = environ; entry && *entry; ++entry) {
        const std::string pair(*entry);
        const auto eq = pair.find('=');
        if (eq != std::string::npos)
            environment.emplace(pair.substr(0, eq), pair.substr(eq + 1));
    }
    return lockscope::CliRunner::run(
        std::vector<std::string>(argv + 1, argv + argc), environment, std::cout, std::cerr);
}
