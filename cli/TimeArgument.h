#pragma once

#include "common/Result.h"

#include <string>

namespace lockscope {

// The moments `history --since/--until` take: "now", an age ("90s", "15m", "2h", "7d" ago),
// a UTC date-time ("2026-11-24T03:12", seconds and milliseconds optional, a trailing Z allowed)
// or epoch milliseconds. Results are epoch ms.
class TimeArgument
{
public:
    static Result<long long> parse(const std::string& text, long long nowMs);
    // "2026-11-24T03:12:05.123Z"
    static std::string format(long long epochMs);
};

} // namespace lockscope
