#pragma once

#include "redis/ConnectionOptions.h"

#include <fuzzer/FuzzedDataProvider.h>

namespace lockscope::fuzz {

// Small reply limits taken from the input, so that the limit checks are fuzzed as well as the
// parsing, and a claimed length never makes a fuzz run allocate much.
inline ReplyLimits fuzzedLimits(FuzzedDataProvider& data)
{
    ReplyLimits limits;
    limits.maxReplyBytes = data.ConsumeIntegralInRange<size_t>(1, 64 * 1024);
    limits.maxElements = data.ConsumeIntegralInRange<size_t>(1, 1024);
    return limits;
}

} // namespace lockscope::fuzz
