#pragma once

#include "stress/StressResult.h"

#include <string>

namespace lockscope {

// A stress result as one JSON object (the CLI's --json, the GUI's "save as JSON"). Field names
// are stable: kind, clients, locks, acquisitions, ops_per_s, acquire_p50_us, acquire_p99_us,
// handoff_p50_us, fairness_jain, violations, errors, cpu_us_per_acquisition, and more.
class StressResultJson
{
public:
    static std::string toJson(const StressResult& result);
};

} // namespace lockscope
