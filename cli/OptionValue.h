#pragma once

#include "common/Result.h"
#include "redis/ConnectionOptions.h"

#include <string>
#include <vector>

namespace lockscope {

// Parsers for option values that several lockscope-cli commands take the same way, so that
// they accept the same text and refuse it with the same message.
class OptionValue
{
public:
    // A whole decimal number from min to max; a Usage error naming `option` otherwise.
    static Result<long long> integer(
        const std::string& text, const std::string& option, long long min, long long max);
    // --nodes URL[,URL...]: each URL parsed over `base` (the command's own connection options).
    static Result<std::vector<ConnectionOptions>> nodeList(
        const std::string& text, const ConnectionOptions& base);
};

} // namespace lockscope
