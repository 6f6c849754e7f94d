#pragma once

#include "demo/DemoScenario.h"

namespace lockscope {

class FailoverSandbox;

// Scenario 8: a failover loses a lock. On a sandbox master + replica + sentinel of its own
// (whatever the connection), replication falls behind, C1 takes the lock on the master, the
// master dies and the sentinel promotes the replica, which never had the lock: C2 takes it too.
// The promotion took the fence counter back as well, so both carry the same fence; C2 writes
// first and the resource refuses C1's stale write (a fence not above the highest seen). The
// second round acquires with WAIT 1: an acquire the replica did not confirm is given up, a
// confirmed one survives the failover and C2 is refused.
class FailoverScenario final : public DemoScenario
{
public:
    FailoverScenario();

private:
    Result<DemoOutcome> play(const DemoContext& context, DemoTimeline& timeline) override;

    struct Round
    {
        bool secondHolder = false; // C2 got the lock while C1 still believed it held it
        bool staleWriteRejected = false; // the resource refused C1's write
    };
    enum class Replica
    {
        NotWaitedFor, // C1 uses its hold as soon as the master granted it
        WaitedFor, // C1 acquires with WAIT 1: the replica has the hold before it is used
    };
    // One round on a fresh sandbox.
    Result<Round> playRound(const DemoContext& context, DemoTimeline& timeline, Replica replica);
    static Status failOver(FailoverSandbox& sandbox, DemoTimeline& timeline);
};

} // namespace lockscope
