#pragma once

#include <iosfwd>

namespace lockscope {

struct CliOptions;

// `lockscope-cli ping`: connects and reports version, role, topology and round-trip time.
class PingCommand
{
public:
    static int run(const CliOptions& options, std::ostream& out, std::ostream& err);
};

} // namespace lockscope
