#pragma once

#include "common/Result.h"

#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace lockscope {

// A server process that LockScope or its tests start and stop by its PID (redis-server,
// sentinel, PostgreSQL): forked and exec'd with default signal handling and an empty signal
// mask, and sent SIGTERM by the kernel when the thread that started it dies, so that no server
// outlives its owner.
class SpawnedProcess
{
public:
    struct Options
    {
        std::string logPath; // stdout and stderr are appended to it; empty: inherited
        // Run as this user and group (a process running as root starting a server that refuses
        // root); nullopt: as we are.
        std::optional<std::pair<uid_t, gid_t>> user;
    };

    // Starts `args[0]` (a path) with `args`.
    static Result<SpawnedProcess> start(const std::vector<std::string>& args, const Options& options);

    SpawnedProcess() = default;

    pid_t pid() const { return m_pid; }
    // Collects it when it has ended; false from then on.
    bool isRunning() const;
    // Sends `signal`, waits up to `grace` for the process to end (then SIGKILL) and collects it.
    void stop(int signal, std::chrono::milliseconds grace);
    // Waits until it has ended and collects it: whether it exited with status 0.
    bool waitForSuccess();

private:
    explicit SpawnedProcess(pid_t pid)
        : m_pid(pid)
    {
    }

    mutable pid_t m_pid = -1; // -1 once collected
};

} // namespace lockscope
