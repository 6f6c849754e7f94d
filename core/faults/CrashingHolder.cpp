#include "faults/CrashingHolder.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace lockscope {

namespace {

void writeAll(int fd, const std::string& text)
{
    size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        written += static_cast<size_t>(n);
    }
}

[[noreturn]] void childMain(int reportFd, pid_t parent, const LockSpec& spec, AcquireOptions options)
{
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
        ::_exit(1);
    options.cancel = nullptr;
    auto lock = LockFactory::create(spec);
    if (!lock) {
        writeAll(reportFd, "error " + lock.error().message + "\n");
        ::_exit(1);
    }
    auto acquired = (*lock)->acquire(options);
    if (!acquired) {
        writeAll(reportFd, "error " + acquired.error().message + "\n");
        ::_exit(1);
    }
    if (!acquired->acquired()) {
        writeAll(reportFd, "error the child could not acquire the lock\n");
        ::_exit(1);
    }
    writeAll(
        reportFd, "held " + (acquired->fence ? std::to_string(*acquired->fence) : std::string("-")) + "\n");
    ::close(reportFd);
    // Hold until killed. The lock object (and its watchdog thread, if any) stays alive.
    for (;;)
        ::pause();
}

} // namespace

Result<std::unique_ptr<CrashingHolder>> CrashingHolder::start(
    const LockSpec& spec, const AcquireOptions& options, std::chrono::milliseconds reportTimeout)
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return makeError(ErrorKind::Internal, std::string("pipe: ") + std::strerror(errno));
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return makeError(ErrorKind::Internal, std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
        ::close(fds[0]);
        childMain(fds[1], parent, spec, options);
    }
    ::close(fds[1]);
    std::unique_ptr<CrashingHolder> holder(new CrashingHolder(pid, std::nullopt));

    std::string report;
    const auto deadline = std::chrono::steady_clock::now() + reportTimeout;
    while (report.find('\n') == std::string::npos) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0)
            break;
        pollfd pfd {fds[0], POLLIN, 0};
        const int ready = ::poll(&pfd, 1, static_cast<int>(left.count()));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            break;
        char buffer[256];
        const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        report.append(buffer, static_cast<size_t>(n));
    }
    ::close(fds[0]);
    if (report.rfind("held ", 0) != 0) {
        // The destructor kills and reaps the child.
        if (report.rfind("error ", 0) == 0)
            return makeError(
                ErrorKind::Internal, "the holder process failed: " + report.substr(6, report.find('\n') - 6));
        return makeError(ErrorKind::Timeout, "the holder process did not report holding the lock in time");
    }
    const std::string fence = report.substr(5, report.find('\n') - 5);
    if (fence != "-")
        holder->m_fence = std::strtoll(fence.c_str(), nullptr, 10);
    return holder;
}

void CrashingHolder::crash()
{
    if (m_pid <= 0)
        return;
    ::kill(m_pid, SIGKILL);
    int status = 0;
    while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) { }
    m_pid = -1;
}

CrashingHolder::~CrashingHolder()
{
    crash();
}

} // namespace lockscope
