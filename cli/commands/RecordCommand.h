#pragma once

#include <iosfwd>
#include <map>
#include <string>

namespace lockscope {

struct CliOptions;

// `lockscope-cli record [--db FILE] [--profile P] [--metrics HOST:PORT] [--poll MS] [--polling]
//  [--enable-notifications] [--pattern GLOB]... [--lock-pattern GLOB]... [--retention-days N]
//  [--max-size-mb N]`: watches the locks and writes every change to the history database until
// SIGTERM or SIGINT (which flush and exit 0). When Redis goes away it records a gap and
// reconnects with backoff (0.5 s doubling to 30 s). A database it cannot use (corrupt, locked,
// full, newer) is reported and the watch goes on without history; --metrics serves Prometheus
// metrics meanwhile.
class RecordCommand
{
public:
    static int run(const CliOptions& options, const std::map<std::string, std::string>& environment,
        std::ostream& out, std::ostream& err);
};

} // namespace lockscope
