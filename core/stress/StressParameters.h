#pragma once

#include "common/Result.h"
#include "faults/FaultInjector.h"
#include "faults/FaultSpec.h"
#include "locks/LockAlgorithm.h"
#include "redis/ConnectionOptions.h"

#include <chrono>
#include <string>
#include <vector>

namespace lockscope {

// One stress run: `clients` threads, each with its own connection(s), take turns on `locks`
// lock names (client i's k-th acquisition goes to lock (i + k) mod locks), hold each for
// `hold`, then pause `think` before the next one.
struct StressParameters
{
    LockAlgorithm kind = LockAlgorithm::Token;
    int clients = 4;
    int locks = 1;
    std::chrono::milliseconds hold {1};
    std::chrono::milliseconds think {0};
    std::chrono::milliseconds lease {30000};
    // The run ends after `duration`, or after `iterations` acquisitions per client when that is
    // above 0 (whichever comes first), or when cancelled.
    std::chrono::milliseconds duration {10000};
    long long iterations = 0;
    // Keep holds alive while held (kinds with a watchdog); off: hold must stay below lease.
    bool watchdog = false;
    bool serverTime = false; // legacy, naive: judge expiry by Redis TIME
    bool fenced = true; // off: no fencing counter key (LockSpec::fenced; token and Redisson kinds)
    int permits = 1; // semaphore
    ConnectionOptions connection;
    std::vector<ConnectionOptions> nodes; // redlock
    // Lock i is `<namePrefix><i>`: real keys, visible to the monitor while the run holds them.
    std::string namePrefix = "lockscope:stress:";
    std::chrono::milliseconds progressInterval {250};
    // Critical sections kept for the mutual-exclusion check; later ones are counted as
    // unchecked, so memory stays bounded on long runs.
    size_t maxRecordedSections = 2'000'000;
    // Fault drills: every section then writes to a fenced resource, and these faults
    // are injected into the sections. A restart drill needs `restartServer`: a server the run owns.
    std::vector<FaultSpec> faults;
    FaultInjector::RestartServer restartServer;
    // A failover drill needs these: a master + replica + sentinel the run owns (`connection` goes
    // through the sentinel).
    FaultInjector::Failover failover;
    // Above 0: after each acquire, WAIT until this many replicas have the hold's writes (at most
    // `replicaTimeout`); a hold they did not all confirm is released at once and counted as
    // unconfirmed, not used (a failover could lose it). Token and the Redisson kinds.
    int waitReplicas = 0;
    std::chrono::milliseconds replicaTimeout {100};

    // Usage errors for values that make no sense (or would open thousands of connections).
    Status validate() const;
    std::string lockName(int index) const { return namePrefix + std::to_string(index); }
    // Whether two holds of one name must never overlap: not for read locks or a semaphore of
    // several permits, whose holds are shared by design (the checker then does not judge them).
    bool exclusiveKind() const
    {
        return kind != LockAlgorithm::Read && !(kind == LockAlgorithm::Semaphore && permits > 1);
    }
};

} // namespace lockscope
