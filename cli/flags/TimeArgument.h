#pragma once

#include "common/Result.h"

#include <string>

namespace lockscope {

// The moments `history --since/--until` take: "now", an age ("90s", "15m", "2h", "7d", "2w"
// ago), an ISO 8601 date-time ("2026-11-24T03:12:05.5+01:00": seconds, their fraction and the
// offset optional, no offset or Z is UTC; "2026-11-24" is its midnight UTC) or epoch
// milliseconds. Results are epoch ms; impossible dates (2026-02-31) are refused.
class TimeArgument
{
public:
    static Result<long long> parse(const std::string& text, long long nowMs);
    // "2026-11-24T03:12:05.123Z"
    static std::string format(long long epochMs);
};

} // namespace lockscope
