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
    ExitIoError = 74, // the output could not be written
    ExitTempFail = 75,
    ExitProtocol = 76,
    ExitNoPermission = 77,
    // 128 + N: interrupted by signal N (130: Ctrl-C), as a shell reports a killed command.
    ExitSignalBase = 128,
};

int exitCodeFor(ErrorKind kind);

// What each exit code of lockscope-cli means, for `--help` and the manual page.
struct ExitCodeMeaning
{
    std::string_view code; // "0", "128+N"
    std::string_view meaning;
};
const std::vector<ExitCodeMeaning>& exitCodeMeanings();

} // namespace lockscope
