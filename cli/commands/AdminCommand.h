#pragma once

#include <iosfwd>
#include <map>
#include <string>

namespace lockscope {

struct CliOptions;

// The admin commands, sharing one flow: refuse on a read-only connection before anything is
// sent, find the lock by name on every master, (release) ask for confirmation showing the
// holder unless --yes, act conditionally on what was seen, re-read, write the audit log.
//   release NAME [--force] [--yes] [--lock-pattern GLOB]...
//       exit 0 released; 1 nothing to release or the holder changed (or not confirmed);
//       77 refused (read-only); 64 a live holder without --force.
//   extend NAME --ttl MS [--lock-pattern GLOB]...
//       exit 0 extended; 1 nothing to extend or the holder changed; 77 refused (read-only).
class AdminCommand
{
public:
    static int release(const CliOptions& options, const std::map<std::string, std::string>& environment,
        std::istream& in, std::ostream& out, std::ostream& err);
    static int extend(const CliOptions& options, const std::map<std::string, std::string>& environment,
        std::ostream& out, std::ostream& err);
};

} // namespace lockscope
