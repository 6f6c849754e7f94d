#pragma once

#include <map>
#include <string>
#include <vector>

namespace lockscope {

// What the fault drills of a stress run did and what they showed (StressResult::faults). Every
// critical section of a drill writes once to its lock's fenced resource, with its fence.
struct FaultReport
{
    std::vector<std::string> drills; // the --fault specs, as run; empty: no drill
    std::map<std::string, long long> injected; // faults injected, by kind (kill, pause, ...)

    // Writes the fenced resources applied and rejected (a fence below one already seen), and
    // accepted writes whose fence was not above the last accepted one: an independent pass over
    // each resource's history, which must find none. Not judged for kinds without fences.
    bool writesFenced = false;
    long long writesAccepted = 0;
    long long writesRejected = 0;
    long long writesOutOfOrder = 0;

    // Sections whose holder found out it had lost the lock, by how it found out first:
    // "renewal_failed" (the watchdog), "fence_rejected" (the resource refused its write),
    // "release_lost" (release found the hold gone) or the Redis error kind its release got.
    long long locksLost = 0;
    std::map<std::string, long long> lostBy;
    // Overlaps of such a section after its lease ran out (a pause, a partition): the lock does
    // not protect a holder past its lease, the fence does. Not counted as violations: the run's
    // verdict judges those sections only while their lease held.
    long long overlapsAfterLoss = 0;

    bool active() const { return !drills.empty(); }
    long long injectedCount() const
    {
        long long total = 0;
        for (const auto& [kind, count] : injected)
            total += count;
        return total;
    }
};

} // namespace lockscope
