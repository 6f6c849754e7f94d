#pragma once

#include <iosfwd>

namespace lockscope {

struct CliOptions;

// `lockscope-cli clients [--json]`: every master's client connections as CLIENT LIST gives them
// (read as untrusted input, bounded: inspect/ClientList), as a table or a JSON array. A server
// that refuses CLIENT LIST (an ACL) is said once, with its reason.
class ClientsCommand
{
public:
    static int run(const CliOptions& options, std::ostream& out, std::ostream& err);
};

} // namespace lockscope
