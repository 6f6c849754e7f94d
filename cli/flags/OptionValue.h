#pragma once

#include "common/Result.h"
#include "redis/ConnectionOptions.h"

#include <string>
#include <vector>

namespace lockscope {

// Option values that several lockscope-cli commands read the same way, past what their flag's
// check in CommandLine can judge alone (a URL needs the command's connection options).
class OptionValue
{
public:
    // --nodes URL[,URL...]: each URL parsed over `base` (the command's own connection options).
    static Result<std::vector<ConnectionOptions>> nodeList(
        const std::string& text, const ConnectionOptions& base);
};

} // namespace lockscope
