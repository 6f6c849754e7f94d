#pragma once

#include "common/Result.h"
#include "redis/ConnectionOptions.h"

namespace lockscope {

// Asks the sentinels, in order, where the master named in the options is, and checks with
// ROLE that the address really is a master (a sentinel may answer with a stale address in the
// middle of a failover).
class SentinelResolver
{
public:
    static Result<HostPort> resolveMaster(const ConnectionOptions& options);
};

} // namespace lockscope
