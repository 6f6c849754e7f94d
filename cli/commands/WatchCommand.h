#pragma once

#include <iosfwd>

namespace lockscope {

struct CliOptions;

// `lockscope-cli watch [--json] [--poll MS] [--polling] [--enable-notifications]
//  [--pattern GLOB]... [--lock-pattern GLOB]... [--max-events N]`: one line per lock change
// (appeared, changed, released, expired), a JSON object per line with --json. Says on stderr
// whether it follows keyspace notifications or polls, and why. Runs until Ctrl-C or N events.
class WatchCommand
{
public:
    static int run(const CliOptions& options, std::ostream& out, std::ostream& err);
};

} // namespace lockscope
