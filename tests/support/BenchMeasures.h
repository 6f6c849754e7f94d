#pragma once

#include <vector>

namespace lockscope::test {

// The CPU time (user + system) the calling thread has used so far, in seconds: what a
// benchmark reports beside wall time, since the load of a shared machine does not change it.
double threadCpuSeconds();

// The value below which the fraction `p` (0..1) of `values` lies (nearest rank); 0 when empty.
double percentile(std::vector<double> values, double p);

} // namespace lockscope::test
