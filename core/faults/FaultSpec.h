#pragma once

#include "common/Result.h"

#include <chrono>
#include <string>
#include <string_view>

namespace lockscope {

// One fault drill of a stress run (`--fault SPEC`, repeatable):
//   kill[:every=N,count=K]              a holder's process dies while it holds (SIGKILL: its
//                                       connection closes, it never releases)
//   pause[:ms=D,every=N,count=K]        a holder stops for D ms (default: 1.5 leases) while it
//                                       holds, then carries on and writes (a GC pause)
//   partition[:ms=D,mode=stall|drop,every=N,count=K]
//                                       a holder's path to Redis (the engine's own TCP proxy)
//                                       stalls (bytes held back) or drops (bytes lost) for D ms
//                                       while it holds, then heals
//   restart[:persist=yes|no,every=N,count=K]
//                                       the redis-server the run owns restarts while a client
//                                       holds (with or without an AOF to reload)
//   failover[:every=N]                  on a master + replica + sentinel: the replica stops
//                                       receiving the master's writes, the holder takes the
//                                       (free) lock, then the master dies and the sentinel
//                                       promotes the replica, which never got the lock; once
//                                       per run
// The fault hits every N-th critical section of the run (all clients counted together), at most
// K times (0: no cap).
struct FaultSpec
{
    enum class Kind
    {
        Kill,
        Pause,
        Partition,
        Restart,
        Failover,
    };
    enum class PartitionMode
    {
        Stall, // the proxy stops forwarding; what was sent arrives after the heal
        Drop, // the proxy discards what is sent meanwhile (the connection's stream is broken)
    };

    Kind kind = Kind::Kill;
    long long every = 0; // 0: the kind's default (parse() fills it in)
    long long count = 0;
    std::chrono::milliseconds duration {0}; // pause, partition; 0: 1.5 leases
    PartitionMode mode = PartitionMode::Stall;
    bool persist = true; // restart

    static Result<FaultSpec> parse(std::string_view text);
    static std::string_view kindName(Kind kind);
    // The spec written back in the --fault syntax (for reports).
    std::string toString() const;
    // How long a pause or partition lasts for a run with this lease.
    std::chrono::milliseconds durationFor(std::chrono::milliseconds lease) const
    {
        return duration.count() > 0 ? duration : lease + lease / 2;
    }
};

} // namespace lockscope
