#include "stress/StressParameters.h"

#include "locks/LockFactory.h"

namespace lockscope {

Status StressParameters::validate() const
{
    auto usage
        = [](std::string message) -> Status { return makeError(ErrorKind::Usage, std::move(message)); };
    if (clients < 1 || clients > 512)
        return usage("clients must be between 1 and 512");
    if (locks < 1 || locks > 1024)
        return usage("locks must be between 1 and 1024");
    // Every client keeps one lock object, hence one connection, per lock name.
    if (static_cast<long long>(clients) * locks > 4096)
        return usage("clients x locks must stay at or below 4096 (one connection each)");
    if (hold.count() < 0 || think.count() < 0)
        return usage("hold and think times cannot be negative");
    if (lease.count() <= 0)
        return usage("the lease must be positive");
    if (permits < 1)
        return usage("permits must be at least 1");
    if (iterations < 0)
        return usage("iterations cannot be negative");
    if (iterations == 0 && duration.count() <= 0)
        return usage("give a positive duration or an iteration count");
    if (!fenced) {
        if (auto refusal = LockFactory::noFenceRefusal(kind))
            return usage(*refusal);
    }
    if (progressInterval.count() <= 0)
        return usage("the progress interval must be positive");
    if (waitReplicas < 0 || waitReplicas > 64)
        return usage("wait-replicas must be between 0 and 64");
    if (waitReplicas > 0 && kind != LockAlgorithm::Token && kind != LockAlgorithm::Reentrant
        && kind != LockAlgorithm::Fair)
        return usage("waiting for replicas is for the token, reentrant and fair kinds");
    if (replicaTimeout.count() <= 0)
        return usage("the replica timeout must be positive");
    for (const auto& fault : faults) {
        if (fault.every < 1)
            return usage("a fault drill needs every >= 1");
        if (fault.kind == FaultSpec::Kind::Partition
            && (kind == LockAlgorithm::Redlock || connection.transport != ConnectionOptions::Transport::Tcp
                || connection.topology == ConnectionOptions::Topology::Sentinel))
            return usage(
                "the partition drill needs one server over TCP (not redlock, a socket or a sentinel)");
        if (fault.kind == FaultSpec::Kind::Restart && !restartServer)
            return usage("the restart drill needs a server the run owns (--sandbox)");
        if (fault.kind == FaultSpec::Kind::Failover && !failover)
            return usage(
                "the failover drill needs a master, a replica and a sentinel the run owns (--sandbox)");
        if (fault.kind == FaultSpec::Kind::Failover && kind == LockAlgorithm::Redlock)
            return usage("the failover drill is for one master with a replica (not redlock)");
    }
    return Done {};
}

} // namespace lockscope
