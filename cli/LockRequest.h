#pragma once

#include "common/Result.h"
#include "locks/LockFactory.h"

#include <string>
#include <vector>

namespace lockscope {

struct CliOptions;

// What `lockscope-cli lock NAME [options] -- COMMAND [ARGS...]` asks for: the lock, how to
// acquire it, and the command to run while it is held.
struct LockRequest
{
    LockSpec spec;
    AcquireOptions acquire;
    std::vector<std::string> command;

    // Reads the arguments after `lock`; a Usage error for options the kind would ignore.
    static Result<LockRequest> parse(const CliOptions& options);
};

} // namespace lockscope
