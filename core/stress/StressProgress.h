#pragma once

#include "stress/LatencyHistogram.h"
#include "stress/LatencySummary.h"

#include <vector>

namespace lockscope {

// A snapshot while a stress run goes on, handed to the progress callback.
struct StressProgress
{
    double elapsedSeconds = 0;
    long long acquisitions = 0;
    double opsPerSecond = 0; // since the start
    double recentOpsPerSecond = 0; // since the previous snapshot
    LatencySummary acquireWait;
    // Every acquire wait so far, for a live histogram (a fixed 15 KB, whatever the run length).
    LatencyHistogram acquireHistogram;
    long long errors = 0;
    std::vector<long long> perClientAcquisitions;
    // Fault drills: the faults injected so far (a chart marks when the count grows).
    long long faultsInjected = 0;
};

} // namespace lockscope
