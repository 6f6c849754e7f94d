#include "support/ForkedChild.h"

#include <QtTest>

#include <csignal>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace lockscope::test {

std::unique_ptr<ForkedChild> ForkedChild::start(Body body)
{
    int fds[2];
    if (pipe(fds) != 0) {
        QWARN("pipe() failed");
        return nullptr;
    }
    const pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        QWARN("fork() failed");
        return nullptr;
    }
    if (pid == 0) {
        close(fds[0]);
        const int writeFd = fds[1];
        const int status = body([writeFd] {
            const char byte = 'r';
            (void)!write(writeFd, &byte, 1);
        });
        _exit(status);
    }
    close(fds[1]);
    return std::unique_ptr<ForkedChild>(new ForkedChild(pid, fds[0]));
}

ForkedChild::ForkedChild(pid_t pid, int readyFd)
    : m_pid(pid)
    , m_readyFd(readyFd)
{
}

ForkedChild::~ForkedChild()
{
    kill();
    if (m_readyFd >= 0)
        close(m_readyFd);
}

bool ForkedChild::waitUntilReady(std::chrono::milliseconds timeout)
{
    pollfd pfd {m_readyFd, POLLIN, 0};
    if (poll(&pfd, 1, static_cast<int>(timeout.count())) <= 0)
        return false;
    char byte = 0;
    return read(m_readyFd, &byte, 1) == 1;
}

void ForkedChild::kill()
{
    if (m_pid <= 0)
        return;
    ::kill(m_pid, SIGKILL);
    int status = 0;
    waitpid(m_pid, &status, 0);
    m_pid = -1;
}

int ForkedChild::wait()
{
    if (m_pid <= 0)
        return -1;
    int status = 0;
    if (waitpid(m_pid, &status, 0) != m_pid)
        return -1;
    m_pid = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace lockscope::test
