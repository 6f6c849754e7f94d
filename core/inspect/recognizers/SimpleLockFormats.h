#pragma once

#include "inspect/recognizers/SimpleLockFormat.h"
#include "redis/CommandPolicy.h"

#include <span>
#include <string>
#include <vector>

namespace lockscope {

// The simple lock formats, one row each (core/inspect/README.md, "Add a lock format"). The
// catalogue makes a SimpleFormatRecognizer of every row; the sandbox writes every row's sample
// and the tests take them as their fixtures.
class SimpleLockFormats
{
public:
    static std::span<const SimpleLockFormat> all();
    static const SimpleLockFormat* named(std::string_view name);

    // The command that writes `format`'s sample lock under `key` at server time `nowMs`.
    static RedisCommand sampleCommand(
        const SimpleLockFormat& format, const std::string& key, long long nowMs);
};

} // namespace lockscope
