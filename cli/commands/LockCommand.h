#pragma once

#include "cli/ExitCode.h"

#include <iosfwd>
#include <map>
#include <string>

namespace lockscope {

struct CliOptions;

// `lockscope-cli lock NAME [--kind K] [--lease MS] [--wait MS] [--permits N] [--nodes URL,...]
// [--server-time] -- COMMAND [ARGS...]`, like `etcdctl lock` and `consul lock`: acquires, runs
// COMMAND with LOCKSCOPE_LOCK / LOCKSCOPE_KIND / LOCKSCOPE_TOKEN / LOCKSCOPE_FENCE in its
// environment while renewing the lease every lease/3, releases, and exits with COMMAND's code.
// Exit 75 when not acquired within --wait; 70 when the lock was lost while COMMAND ran (COMMAND
// gets SIGTERM); SIGINT/SIGTERM are forwarded to COMMAND, then the lock is released. If the CLI
// itself dies (SIGKILL), COMMAND gets SIGTERM from the kernel (PR_SET_PDEATHSIG): it must not go
// on once nobody renews its lease.
class LockCommand
{
public:
    // The code used when the lock was lost while COMMAND ran.
    static constexpr int lostExitCode = ExitSoftware;

    // `environment` is the environment COMMAND inherits (plus the LOCKSCOPE_* variables).
    static int run(const CliOptions& options, const std::map<std::string, std::string>& environment,
        std::ostream& out, std::ostream& err);
};

} // namespace lockscope
