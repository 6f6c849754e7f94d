#pragma once

#include <cmath>
#include <optional>

namespace lockscope {

// A sorted-set score read as whole milliseconds (a deadline, an expiry). Redis accepts any double
// as a score, the infinities included: those and the scores beyond what a long long holds have
// no millisecond value (converting them would be undefined behaviour; found by fuzz_Recognizers).
inline std::optional<long long> scoreMillis(double score)
{
    constexpr double mostMillis = 9.2e18; // just inside long long's range
    if (!std::isfinite(score) || score < -mostMillis || score > mostMillis)
        return std::nullopt;
    return static_cast<long long>(score);
}

} // namespace lockscope
