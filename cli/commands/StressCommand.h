#pragma once

#include <iosfwd>

namespace lockscope {

struct CliOptions;
class RedisServerProcess;

// `lockscope-cli stress --kind K --clients N --locks L --hold-ms H [--think-ms T] [--lease MS]
// [--duration S] [--iterations N] [--nodes URL,...] [--permits N] [--watchdog] [--server-time]
// [--prefix P] [--fault SPEC]... [--json]`:
// runs the StressEngine and prints a readable summary, or one JSON object with --json.
// `sandbox` is the server --sandbox started (null without it): the restart drill needs a server
// the command owns, so it restarts that one.
// Progress goes to `err` once a second; SIGINT/SIGTERM stop the run and the partial result is
// printed. Exit 0 when the run completed (even with violations: they are a finding, reported
// in the output), 1 when a safe kind showed violations, an error code when it could not run.
class StressCommand
{
public:
    static int run(
        const CliOptions& options, RedisServerProcess* sandbox, std::ostream& out, std::ostream& err);
};

} // namespace lockscope
