#pragma once

#include "common/RedisError.h"

#include <string_view>
#include <vector>

namespace lockscope {

// sysexits(3) codes, so scripts can tell "fix your command" from "try again later".
enum ExitCode : int
{
    ExitOk = 0,
    ExitNotDone = 1, // the command ran, but what it was for did not happen (nothing released, ...)
    ExitUsage = 64,
    ExitDataError = 65,
    // Several servers were asked and some of them could not be reached (the others answered).
    ExitSomeUnavailable = 68,
    ExitUnavailable = 69,
    ExitSoftware = 70,
    ExitTempFail = 75,
    ExitProtocol = 76,
    ExitNoPermission = 77,
    ExitConfig = 78,
};

int exitCodeFor(ErrorKind kind);

// What each exit code of lockscope-cli means, for `--help` and the manual page.
struct ExitCodeMeaning
{
    int code;
    std::string_view meaning;
};
const std::vector<ExitCodeMeaning>& exitCodeMeanings();

} // namespace lockscope
