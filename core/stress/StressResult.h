#pragma once

#include "common/UserText.h"
#include "faults/FaultReport.h"
#include "locks/LockAlgorithm.h"
#include "stress/LatencyHistogram.h"
#include "stress/LatencySummary.h"
#include "stress/StressError.h"

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace lockscope {

// What a stress run measured. Times are from one steady clock: every client is a thread of
// this process.
struct StressResult
{
    LockAlgorithm kind = LockAlgorithm::Token;
    bool fenced = true; // false: a run without fencing counters (--no-fence)
    int clients = 0;
    int locks = 0;
    std::chrono::milliseconds hold {};
    std::chrono::milliseconds think {};
    std::chrono::milliseconds lease {};

    double elapsedSeconds = 0;
    long long acquisitions = 0;
    double opsPerSecond = 0;
    // From calling acquire() to holding.
    LatencySummary acquireWait;
    LatencyHistogram acquireHistogram;
    // From a holder starting its release to the next holder holding, counted when that next
    // holder was already waiting and is another client.
    LatencySummary handoff;
    // The holds as they happened, from acquired to release sent: the asked hold plus how late
    // the sleeping holder woke up. Lets a reader split a cycle into the hold and the lock's own
    // cost (a busy machine wakes sleepers late, which is no cost of the lock).
    LatencySummary heldFor;
    std::vector<long long> perClientAcquisitions;
    // Jain's index over per-client acquisitions: 1 = all equal, 1/n = one client got them all.
    double fairnessJain = 0;

    // Overlapping critical sections plus fence regressions, per lock, found by the
    // MutualExclusionChecker over every recorded section.
    long long violations = 0;
    // False for kinds whose holds are shared by design (read, semaphore with several permits):
    // then nothing was judged and violations stays 0.
    bool exclusionChecked = true;
    long long overlaps = 0;
    long long fenceRegressions = 0;
    long long sectionsChecked = 0;
    long long sectionsUnchecked = 0; // beyond maxRecordedSections
    UserText checkerSummary; // the first findings, for humans

    // How often each error happened.
    std::map<StressError, long long> errors;
    // Process CPU time (CLOCK_PROCESS_CPUTIME_ID) over the run, divided by acquisitions.
    double cpuMicrosPerAcquisition = 0;
    bool stoppedEarly = false; // cancelled before its duration or iterations
    FaultReport faults; // the fault drills' counts (faults.active(): there were drills)
    // --wait-replicas: the replicas each acquire waited for (0: no WAIT), and the acquires they
    // did not confirm in time (released at once and never used: a failover could lose them).
    int waitReplicas = 0;
    long long unconfirmedAcquires = 0;

    long long errorCount() const
    {
        long long total = 0;
        for (const auto& [kind, count] : errors)
            total += count;
        return total;
    }
    static double jainIndex(const std::vector<long long>& counts)
    {
        double sum = 0;
        double squares = 0;
        for (long long count : counts) {
            sum += static_cast<double>(count);
            squares += static_cast<double>(count) * static_cast<double>(count);
        }
        if (counts.empty() || squares == 0)
            return 0;
        return sum * sum / (static_cast<double>(counts.size()) * squares);
    }
};

} // namespace lockscope
