#pragma once

#include "common/RedisError.h"

namespace lockscope {

// sysexits(3) codes, so scripts can tell "fix your command" from "try again later".
enum ExitCode : int
{
    ExitOk = 0,
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

} // namespace lockscope
