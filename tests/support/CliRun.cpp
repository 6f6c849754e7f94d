#include "support/CliRun.h"

#include "cli/CliRunner.h"

#include <sstream>

namespace lockscope::test {

CliRun runCli(const std::vector<std::string>& args, const std::map<std::string, std::string>& environment,
    const std::string& input)
{
    std::istringstream in(input);
    std::ostringstream out;
    std::ostringstream err;
    CliRun run;
    run.code = CliRunner::run(args, environment, in, out, err);
    run.out = QString::fromStdString(out.str());
    run.err = QString::fromStdString(err.str());
    return run;
}

} // namespace lockscope::test
