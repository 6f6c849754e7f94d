#pragma once

#include <iosfwd>

namespace lockscope {

struct CliOptions;

// `lockscope-cli watch [--json] [--poll MS] [--polling] [--enable-notifications]
//  [--pattern GLOB]... [--lock-pattern GLOB]... [--max-events N]`: one line per lock change
// (appeared, changed, released, expired), a JSON object per line with --json. Says on stderr
// whether it follows keyspace notifications or polls, and why. Several servers are watched at
// once, each line then starting with the server's name. A server lost is said on stderr and
// reconnected with backoff; once back, what changed meanwhile is reported. Runs until Ctrl-C,
// N events, or every server's settings failed (a wrong password: not retried).
class WatchCommand
{
public:
    static int run(const CliOptions& options, std::ostream& out, std::ostream& err);
};

} // namespace lockscope
