#pragma once

#include "common/Result.h"
#include "stress/StressParameters.h"

#include <memory>

namespace lockscope {

class FailoverSandbox;
class RedisServerProcess;

// The servers the restart and failover drills need: a run may only kill and restart a server it
// owns, and a failover needs a master, a replica and a sentinel of its own. prepare() wires them
// into the run's parameters (the restart hook; the connection through the sentinel and the
// failover hooks) and keeps whatever it started alive until it is destroyed. Used by the CLI's
// `stress --sandbox` and by the GUI's stress panel, which always gives such drills a private
// server.
class DrillServers
{
public:
    ~DrillServers();
    DrillServers(const DrillServers&) = delete;
    DrillServers& operator=(const DrillServers&) = delete;

    enum class OwnServers
    {
        Start, // start what the drills need (the GUI's private servers)
        Never, // use only `sandbox`; drills without a server are refused
    };
    // `sandbox`: a server the caller owns and lets the restart drill use (the CLI's --sandbox);
    // null with OwnServers::Start: one is started for it. Without either, the drills are left to
    // StressParameters::validate(), which refuses them.
    static Result<std::unique_ptr<DrillServers>> prepare(
        StressParameters& parameters, RedisServerProcess* sandbox, OwnServers own);

private:
    DrillServers() = default;
    Status prepareRestart(StressParameters& parameters, RedisServerProcess* sandbox, OwnServers own);
    Status prepareFailover(StressParameters& parameters, bool allowed);

    std::unique_ptr<RedisServerProcess> m_own;
    std::unique_ptr<FailoverSandbox> m_failover;
};

} // namespace lockscope
