#pragma once

#include <iosfwd>
#include <map>
#include <string>

namespace lockscope {

struct CliOptions;

// `lockscope-cli history NAME [--since T] [--until T] [--json] [--limit N] [--db FILE]
//  [--profile P]`: the holds of lock NAME overlapping the window (default: the last 24 hours),
// oldest first, with the gaps in watching. NAME is the key or the library's name for it; a name
// that fits locks of several keys is refused, the candidates listed. `history --top
// held|contended|expired`: the league table across locks. Reads the database `record` (or the
// GUI) writes; never writes to it.
class HistoryCommand
{
public:
    static int run(const CliOptions& options, const std::map<std::string, std::string>& environment,
        std::ostream& out, std::ostream& err);
};

} // namespace lockscope
