#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <sys/types.h>

namespace lockscope::test {

// A holder in another process, for crash tests: `body` runs in a forked child (with its own
// connections; nothing of the parent's threads exists there), calls `ready()` once it is in
// the state the test wants, and is then usually killed with SIGKILL. The child never returns
// into the test framework: it _exits with body's result. Killed and reaped by PID.
class ForkedChild
{
public:
    using Body = std::function<int(const std::function<void()>& ready)>;

    // nullptr (with a warning) when fork() fails.
    static std::unique_ptr<ForkedChild> start(Body body);
    ~ForkedChild(); // SIGKILL if still running

    // True once the child called ready(); false on timeout or when it exited first.
    bool waitUntilReady(std::chrono::milliseconds timeout);
    // SIGKILL, then reap.
    void kill();
    // Waits for a normal exit; the exit status, or -1.
    int wait();
    pid_t pid() const { return m_pid; }

private:
    ForkedChild(pid_t pid, int readyFd);
    pid_t m_pid = -1;
    int m_readyFd = -1;
};

} // namespace lockscope::test
