#pragma once

#include "common/CancellationToken.h"
#include "stress/StressParameters.h"
#include "stress/StressProgress.h"
#include "stress/StressResult.h"

#include <functional>

namespace lockscope {

// Runs a contention workload against real locks and measures it: throughput,
// acquire-wait and handoff latency, per-client fairness, mutual-exclusion violations found by
// the MutualExclusionChecker over every recorded critical section, errors by type and CPU per
// acquisition. Every client is a thread of this process with its own connections, so all
// times come from one steady clock.
class StressEngine
{
public:
    using ProgressCallback = std::function<void(const StressProgress&)>;

    explicit StressEngine(StressParameters parameters);

    // Connects every client (a connection failure ends the run before it starts, as an error),
    // runs until the duration or iterations are done or `cancel` fires, and returns what was
    // measured; a cancelled run returns the partial result with stoppedEarly set. `progress` is
    // called on the calling thread every progressInterval.
    Result<StressResult> run(
        const CancellationToken* cancel = nullptr, const ProgressCallback& progress = {});

    const StressParameters& parameters() const { return m_parameters; }

private:
    StressParameters m_parameters;
};

} // namespace lockscope
