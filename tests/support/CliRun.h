#pragma once

#include <QString>

#include <map>
#include <string>
#include <vector>

namespace lockscope::test {

// What one in-process lockscope-cli run printed and returned.
struct CliRun
{
    int code = -1;
    QString out;
    QString err;
};

// Runs lockscope-cli's command line in this process (CliRunner), with the given environment and
// standard input.
CliRun runCli(const std::vector<std::string>& args,
    const std::map<std::string, std::string>& environment = {}, const std::string& input = {});

} // namespace lockscope::test
