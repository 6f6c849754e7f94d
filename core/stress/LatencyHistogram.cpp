#include "stress/LatencyHistogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace lockscope {

int LatencyHistogram::bucketOf(std::int64_t nanos)
{
    const auto value = static_cast<std::uint64_t>(std::max<std::int64_t>(nanos, 0));
    if (value < 2 * subBuckets)
        return static_cast<int>(value);
    // value >= 64: its top six bits pick the sub-bucket, the remaining bits the power of two.
    const int shift = std::bit_width(value) - 1 - subBucketBits; // >= 1
    const auto top = static_cast<int>(value >> shift); // in [32, 64)
    const int index = 2 * subBuckets + (shift - 1) * subBuckets + (top - subBuckets);
    return std::min(index, bucketCount - 1);
}

std::int64_t LatencyHistogram::bucketLow(int index)
{
    if (index < 2 * subBuckets)
        return index;
    const int shift = (index - 2 * subBuckets) / subBuckets + 1;
    const std::int64_t top = (index - 2 * subBuckets) % subBuckets + subBuckets;
    return top << shift;
}

std::int64_t LatencyHistogram::bucketHigh(int index)
{
    if (index < 2 * subBuckets)
        return index;
    const int shift = (index - 2 * subBuckets) / subBuckets + 1;
    const std::int64_t top = (index - 2 * subBuckets) % subBuckets + subBuckets;
    return ((top + 1) << shift) - 1;
}

void LatencyHistogram::record(std::int64_t nanos)
{
    nanos = std::max<std::int64_t>(nanos, 0);
    ++m_buckets[static_cast<size_t>(bucketOf(nanos))];
    if (m_count == 0 || nanos < m_min)
        m_min = nanos;
    m_max = std::max(m_max, nanos);
    ++m_count;
    m_sum += static_cast<std::uint64_t>(nanos);
}

void LatencyHistogram::merge(const LatencyHistogram& other)
{
    if (other.m_count == 0)
        return;
    for (size_t i = 0; i < m_buckets.size(); ++i)
        m_buckets[i] += other.m_buckets[i];
    m_min = m_count == 0 ? other.m_min : std::min(m_min, other.m_min);
    m_max = std::max(m_max, other.m_max);
    m_count += other.m_count;
    m_sum += other.m_sum;
}

void LatencyHistogram::clear()
{
    *this = LatencyHistogram {};
}

std::int64_t LatencyHistogram::percentile(double percent) const
{
    if (m_count == 0)
        return 0;
    const double clamped = std::clamp(percent, 0.0, 100.0);
    const auto rank = std::max<std::uint64_t>(
        1, static_cast<std::uint64_t>(std::ceil(clamped / 100.0 * static_cast<double>(m_count))));
    std::uint64_t seen = 0;
    for (int i = 0; i < bucketCount; ++i) {
        seen += m_buckets[static_cast<size_t>(i)];
        if (seen >= rank) {
            // The middle of the bucket, kept inside what was actually recorded.
            const std::int64_t middle = bucketLow(i) + (bucketHigh(i) - bucketLow(i)) / 2;
            return std::clamp(middle, m_min, m_max);
        }
    }
    return m_max;
}

} // namespace lockscope
