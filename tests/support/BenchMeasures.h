#pragma once

#include <sys/types.h>

#include <vector>

namespace lockscope::test {

// The CPU time (user + system) the calling thread has used so far, in seconds: what a
// benchmark reports beside wall time, since the load of a shared machine does not change it.
double threadCpuSeconds();

// The CPU time (user + system) process `pid` has used so far, in seconds, from /proc/<pid>/stat
// (a server the benchmark started); 0 where it cannot be read.
double processCpuSeconds(pid_t pid);

// The value below which the fraction `p` (0..1) of `values` lies (nearest rank); 0 when empty.
double percentile(std::vector<double> values, double p);

} // namespace lockscope::test
