#pragma once

#include "cli/ExitCode.h"

#include <iosfwd>

namespace lockscope {

struct CliOptions;

// `lockscope-cli demo SCENARIO` (a name or its number) and `demo --list`: plays a contention
// demo against the connected Redis (or --sandbox), printing its timeline as it happens, then
// the expected outcome and what happened. Exit 0 when the expected outcome happened, 1 when it
// did not, a sysexits code when the scenario could not run (no server, a missing lock kind).
class DemoCommand
{
public:
    static constexpr int unexpectedOutcomeExitCode = ExitNotDone;
    static int run(const CliOptions& options, std::ostream& out, std::ostream& err);
};

} // namespace lockscope
