#pragma once

#include <iosfwd>

namespace lockscope {

struct CliOptions;

// `lockscope-cli list [--pattern GLOB]... [--lock-pattern GLOB]... [--json]`: every lock on
// every master, as a table or a JSON array. --pattern limits the scan (SCAN MATCH);
// --lock-pattern declares keys to be locks whatever they hold. Progress goes to stderr once a
// scan takes more than a second; Ctrl-C stops the scan and prints nothing.
class ListCommand
{
public:
    static int run(const CliOptions& options, std::ostream& out, std::ostream& err);
};

} // namespace lockscope
