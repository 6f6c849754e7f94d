#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace lockscope {

// Latencies in nanoseconds with bounded memory whatever the run length: HDR-like logarithmic
// buckets, 32 linear sub-buckets per power of two, so any reported value is within ~3% of a
// recorded one (exact below 64 ns), from 0 ns to 2^62 ns, in a fixed 15 KB array. Min, max
// and the mean are exact. Not thread-safe: one per recording thread, merged for reports.
class LatencyHistogram
{
public:
    void record(std::int64_t nanos);
    void merge(const LatencyHistogram& other);
    void clear();

    std::uint64_t count() const { return m_count; }
    std::int64_t min() const { return m_count ? m_min : 0; }
    std::int64_t max() const { return m_max; }
    double mean() const { return m_count ? static_cast<double>(m_sum) / static_cast<double>(m_count) : 0.0; }
    // The value below which `percent` % of the recordings fall (0 when empty), never above max().
    std::int64_t percentile(double percent) const;

    static constexpr int subBucketBits = 5;
    static constexpr int subBuckets = 1 << subBucketBits;
    static constexpr int bucketCount = 2 * subBuckets + (62 - subBucketBits) * subBuckets;
    // Bucket access for charts: the count of bucket i and the range of values it stands for.
    std::uint64_t bucketCountAt(int index) const { return m_buckets[static_cast<std::size_t>(index)]; }
    static std::int64_t bucketLow(int index);
    static std::int64_t bucketHigh(int index);
    static int bucketOf(std::int64_t nanos);

private:
    std::array<std::uint64_t, bucketCount> m_buckets {};
    std::uint64_t m_count = 0;
    std::int64_t m_min = 0;
    std::int64_t m_max = 0;
    // 2^64 ns is 584 years of summed latency: no overflow in practice.
    std::uint64_t m_sum = 0;
};

} // namespace lockscope
