#pragma once

#include "stress/LatencyHistogram.h"

#include <cstdint>

namespace lockscope {

// The percentiles a report shows, in microseconds.
struct LatencySummary
{
    std::uint64_t count = 0;
    double p50Us = 0;
    double p90Us = 0;
    double p99Us = 0;
    double maxUs = 0;
    double meanUs = 0;

    static LatencySummary of(const LatencyHistogram& histogram)
    {
        auto us = [](std::int64_t nanos) { return static_cast<double>(nanos) / 1000.0; };
        LatencySummary summary;
        summary.count = histogram.count();
        summary.p50Us = us(histogram.percentile(50));
        summary.p90Us = us(histogram.percentile(90));
        summary.p99Us = us(histogram.percentile(99));
        summary.maxUs = us(histogram.max());
        summary.meanUs = histogram.mean() / 1000.0;
        return summary;
    }
};

} // namespace lockscope
