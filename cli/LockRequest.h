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
    // lock's own outcomes, moved out of COMMAND's range when asked (-E, --failure-exit-code).
    int conflictExitCode = 75; // not acquired within --wait
    int failureExitCode = -1; // lost, unreachable, refused...; -1: the sysexits code of each

    // The arguments of `lock` as core's lock spec; a Usage error for options the kind would ignore.
    static Result<LockRequest> parse(const CliOptions& options);
};

} // namespace lockscope
