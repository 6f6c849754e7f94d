#include "cli/ChildProcess.h"

#include "cli/ExitCode.h"

#include <cerrno>
#include <csignal>
#include <cstring>

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace lockscope {

Result<ChildProcess> ChildProcess::start(
    const std::vector<std::string>& command, const std::map<std::string, std::string>& environment)
{
    std::vector<std::string> envStrings;
    for (const auto& [key, value] : environment)
        envStrings.push_back(key + "=" + value);
    std::vector<char*> envp;
    for (auto& entry : envStrings)
        envp.push_back(entry.data());
    envp.push_back(nullptr);
    std::vector<std::string> argStrings = command;
    std::vector<char*> argv;
    for (auto& arg : argStrings)
        argv.push_back(arg.data());
    argv.push_back(nullptr);

    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0)
        return makeError(ErrorKind::Internal, std::string("cannot fork: ") + std::strerror(errno));
    if (pid == 0) {
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGTERM, SIG_DFL);
        ::signal(SIGPIPE, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        // If the CLI dies (SIGKILL), its lease runs out: COMMAND must not go on unprotected.
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent)
            ::_exit(128 + SIGTERM);
        ::execvpe(argv[0], argv.data(), envp.data());
        const int code = errno == ENOENT ? 127 : 126;
        const std::string message
            = "lockscope-cli: cannot run " + command[0] + ": " + std::strerror(errno) + "\n";
        (void)!::write(STDERR_FILENO, message.data(), message.size());
        ::_exit(code);
    }
    return ChildProcess(pid);
}

void ChildProcess::waitUntilEnded() const
{
    siginfo_t info {};
    while (::waitid(P_PID, static_cast<id_t>(m_pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) { }
}

int ChildProcess::reap() const
{
    int status = 0;
    pid_t done = 0;
    do {
        done = ::waitpid(m_pid, &status, 0);
    } while (done < 0 && errno == EINTR);
    if (done != m_pid)
        return ExitSoftware;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return ExitSoftware;
}

} // namespace lockscope
