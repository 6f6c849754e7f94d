#pragma once

#include "common/Result.h"

#include <map>
#include <string>
#include <vector>

#include <sys/types.h>

namespace lockscope {

// The COMMAND that `lockscope-cli lock` runs while it holds the lock.
class ChildProcess
{
public:
    // Starts `command` (searched on PATH) with exactly `environment`; the child gets default
    // signal handling back and SIGTERM from the kernel when the CLI dies.
    static Result<ChildProcess> start(
        const std::vector<std::string>& command, const std::map<std::string, std::string>& environment);

    pid_t pid() const { return m_pid; }
    // Waits until the child has ended but leaves it unreaped, so its pid cannot be reused by
    // another process while the renewer or the signal handler might still signal it.
    void waitUntilEnded() const;
    // Collects the ended child: its exit code, 128+N when signal N ended it.
    int reap() const;

private:
    explicit ChildProcess(pid_t pid)
        : m_pid(pid)
    {
    }

    pid_t m_pid;
};

} // namespace lockscope
