#pragma once

#include "faults/ChaosProxy.h"
#include "faults/FaultInjector.h"
#include "locks/DistributedLock.h"
#include "locks/MutualExclusionChecker.h"
#include "stress/LatencyHistogram.h"
#include "stress/StressError.h"
#include "stress/StressParameters.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace lockscope {

// One client of a stress run: a thread with its own lock objects (one per lock name, each with
// its own connection) that acquires, holds, releases and thinks until told to stop, recording
// what it saw. The engine reads snapshot() from another thread while it runs.
class StressClient
{
public:
    // Who released each lock last, and when: shared by all clients, written just before a
    // release is sent, so the next holder can measure the handoff on the same steady clock.
    struct LockSlot
    {
        std::mutex mutex;
        long long lastReleaseNanos = -1;
        int lastReleaser = -1;
    };

    struct Snapshot
    {
        long long acquisitions = 0;
        long long errors = 0;
        LatencyHistogram acquireWait;
    };

    StressClient(int index, const StressParameters& parameters,
        std::vector<std::unique_ptr<DistributedLock>> locks, std::vector<LockSlot>& slots,
        std::atomic<long long>& sectionBudget);

    // Fault drills (before run()): the run's injector, and this client's proxy to the server
    // (null when no partition drill runs).
    void attachFaults(FaultInjector* faults, ChaosProxy* proxy)
    {
        m_faults = faults;
        m_proxy = proxy;
    }

    // The thread body: returns when `stop` fires or the iterations are done.
    void run(const CancellationToken& stop);

    Snapshot snapshot() const;
    long long acquisitions() const { return m_acquisitions.load(std::memory_order_relaxed); }
    // After run() returned: everything it recorded.
    const LatencyHistogram& handoffs() const { return m_handoff; }
    const LatencyHistogram& holds() const { return m_holds; }
    const std::map<StressError, long long>& errors() const { return m_errors; }
    // Sections per lock index.
    const std::vector<std::vector<CriticalSection>>& sections() const { return m_sections; }
    long long unrecordedSections() const { return m_unrecorded; }
    // Acquires the replicas did not confirm (StressParameters::waitReplicas).
    long long unconfirmedAcquires() const { return m_unconfirmed; }
    // Drill sections whose holder found out it had lost the lock (per lock index), and how it
    // found out first (FaultReport::lostBy).
    const std::vector<std::vector<CriticalSection>>& lostSections() const { return m_lostSections; }
    const std::map<std::string, long long>& lostBy() const { return m_lostBy; }

    static long long steadyNanos();

private:
    void countError(StressError error);
    // Sleeps `duration` unless `stop` fires first.
    static void pause(std::chrono::milliseconds duration, const CancellationToken& stop);
    // The kill drill: a child process takes lock `lockIndex` as this client and is killed with
    // SIGKILL while it holds (it never releases). Records its section; false if it never held.
    bool killHolder(size_t lockIndex, const std::string& holder, const CancellationToken& stop);
    // The hold of a drill section, with the pause, partition or restart `fault` inside it.
    void holdWith(const FaultSpec& fault, const CancellationToken& stop);
    // A drill section's end: the write to the fenced resource (unless the watchdog said the lock
    // is gone), then the release. How the holder learned it lost the lock, if it did.
    std::optional<std::string> finishDrillSection(
        DistributedLock& lock, size_t lockIndex, const std::string& holder);
    void recordSection(size_t lockIndex, CriticalSection section, bool lost);
    // The failover section's acquire: replication is held back, then the lock is tried once; if
    // another client holds it (on the master, or still on the replica), replication flows again
    // (carrying that client's release) and it is tried again. Holding back while waiting would leave the
    // other holder's lock on the replica, which would keep everyone out after the promotion instead of
    // letting a second holder in.
    Result<AcquireResult> acquireUnreplicated(
        DistributedLock& lock, AcquireOptions options, const CancellationToken& stop);
    // The failover drill's fault: the master dies, the replica is promoted, replication to it is
    // no longer held back.
    void failOver();
    // With waitReplicas: whether the replicas confirmed the hold just acquired.
    bool replicasConfirmed(DistributedLock& lock);

    int m_index;
    const StressParameters& m_parameters;
    std::vector<std::unique_ptr<DistributedLock>> m_locks;
    std::vector<LockSlot>& m_slots;
    std::atomic<long long>& m_sectionBudget;

    mutable std::mutex m_mutex; // guards m_acquireWait and m_errors against snapshot()
    LatencyHistogram m_acquireWait;
    std::map<StressError, long long> m_errors;
    std::atomic<long long> m_acquisitions {0};
    std::atomic<long long> m_errorCount {0};
    LatencyHistogram m_handoff;
    LatencyHistogram m_holds;
    std::vector<std::vector<CriticalSection>> m_sections;
    long long m_unrecorded = 0;
    long long m_unconfirmed = 0;

    FaultInjector* m_faults = nullptr;
    ChaosProxy* m_proxy = nullptr;
    std::vector<std::vector<CriticalSection>> m_lostSections;
    std::map<std::string, long long> m_lostBy;
    long long m_writes = 0; // this client's writes to the fenced resources (a value per write)
};

} // namespace lockscope
