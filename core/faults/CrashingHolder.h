#pragma once

#include "locks/DistributedLock.h"
#include "locks/LockFactory.h"

#include <memory>
#include <optional>
#include <sys/types.h>

namespace lockscope {

// A lock holder in a child process that the demo can kill with SIGKILL: a real crash, with no
// destructor, no release and (for kinds with a watchdog) no more renewals. The child builds
// the lock with the LockFactory, acquires it, reports the outcome through a pipe and then
// sleeps until killed; it also dies with its parent (PR_SET_PDEATHSIG).
class CrashingHolder
{
public:
    // Forks and waits up to `reportTimeout` for the child to say it holds the lock; a child that
    // could not acquire is reported as an error (and reaped).
    static Result<std::unique_ptr<CrashingHolder>> start(
        const LockSpec& spec, const AcquireOptions& options, std::chrono::milliseconds reportTimeout);
    ~CrashingHolder();
    CrashingHolder(const CrashingHolder&) = delete;
    CrashingHolder& operator=(const CrashingHolder&) = delete;

    pid_t pid() const { return m_pid; }
    std::optional<long long> fence() const { return m_fence; }
    // SIGKILL, then wait for the child to be gone.
    void crash();

private:
    CrashingHolder(pid_t pid, std::optional<long long> fence)
        : m_pid(pid)
        , m_fence(fence)
    {
    }

    pid_t m_pid = -1;
    std::optional<long long> m_fence;
};

} // namespace lockscope
