#include "sandbox/SpawnedProcess.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace lockscope {

Result<SpawnedProcess> SpawnedProcess::start(const std::vector<std::string>& args, const Options& options)
{
    // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
    std::vector<std::string> arguments = args;
    std::vector<char*> argv;
    for (auto& argument : arguments)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    const pid_t parent = getpid();
    const bool switchUser = options.user && options.user->first != geteuid();

    const pid_t pid = fork();
    if (pid < 0)
        return makeError(ErrorKind::Internal, std::string("fork failed: ") + std::strerror(errno));
    if (pid > 0)
        return SpawnedProcess(pid);
    if (!options.logPath.empty()) {
        const int out = ::open(options.logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (out >= 0) {
            dup2(out, STDOUT_FILENO);
            dup2(out, STDERR_FILENO);
        }
    }
    if (switchUser
        && (setgroups(0, nullptr) != 0 || setgid(options.user->second) != 0
            || setuid(options.user->first) != 0))
        _exit(126);
    // After the change of user, which clears it.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) // the parent died before prctl took effect
        _exit(127);
    // Our signal mask and dispositions are inherited; give the server a clean slate.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    execv(argv[0], argv.data());
    _exit(127);
}

bool SpawnedProcess::isRunning() const
{
    if (m_pid <= 0)
        return false;
    int status = 0;
    const pid_t rc = waitpid(m_pid, &status, WNOHANG);
    if (rc == m_pid || (rc < 0 && errno == ECHILD)) {
        m_pid = -1;
        return false;
    }
    return rc == 0;
}

void SpawnedProcess::stop(int signal, std::chrono::milliseconds grace)
{
    if (m_pid <= 0)
        return;
    ::kill(m_pid, signal);
    const auto deadline = std::chrono::steady_clock::now() + grace;
    while (isRunning()) {
        if (std::chrono::steady_clock::now() >= deadline) {
            ::kill(m_pid, SIGKILL);
            int status = 0;
            waitpid(m_pid, &status, 0);
            m_pid = -1;
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

bool SpawnedProcess::waitForSuccess()
{
    if (m_pid <= 0)
        return false;
    int status = 0;
    const pid_t rc = waitpid(m_pid, &status, 0);
    m_pid = -1;
    return rc > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace lockscope
