#include "cli/LockCommand.h"

#include "cli/CliOptions.h"
#include "cli/ExitCode.h"
#include "cli/OptionValue.h"
#include "locks/LockFactory.h"

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <mutex>
#include <ostream>
#include <thread>

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace lockscope {

namespace {

using SteadyClock = std::chrono::steady_clock;

struct LockRequest
{
    LockSpec spec;
    AcquireOptions acquire;
    std::vector<std::string> command;
};

RedisError usageError(std::string message)
{
    return makeError(ErrorKind::Usage, std::move(message));
}

Result<LockRequest> parseRequest(const CliOptions& options)
{
    const auto& args = options.arguments;
    if (args.empty() || args[0].empty() || args[0][0] == '-')
        return usageError("lock needs a NAME: lock NAME [options] -- COMMAND [ARGS...]");
    LockRequest request;
    request.spec.name = args[0];
    request.spec.connection = options.connection;
    request.acquire.wait = std::nullopt; // wait forever unless --wait says otherwise
    bool kindGiven = false;
    bool permitsGiven = false;
    size_t i = 1;
    for (; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--") {
            ++i;
            break;
        }
        if (arg == "--server-time") {
            request.spec.serverTime = true;
            continue;
        }
        if (arg == "--no-fence") {
            request.spec.fenced = false;
            continue;
        }
        if (arg != "--kind" && arg != "--lease" && arg != "--wait" && arg != "--permits" && arg != "--nodes")
            return usageError("unknown lock option '" + arg + "' (COMMAND goes after --)");
        if (i + 1 >= args.size())
            return usageError(arg + " needs a value");
        const std::string& value = args[++i];
        if (arg == "--kind") {
            request.spec.kind = value;
            kindGiven = true;
        } else if (arg == "--lease") {
            auto lease = OptionValue::integer(value, arg, 1, 86400000);
            if (!lease)
                return lease.error();
            request.acquire.lease = std::chrono::milliseconds(*lease);
        } else if (arg == "--wait") {
            auto wait = OptionValue::integer(value, arg, 0, 86400000);
            if (!wait)
                return wait.error();
            request.acquire.wait = std::chrono::milliseconds(*wait);
        } else if (arg == "--permits") {
            auto permits = OptionValue::integer(value, arg, 1, 1000000);
            if (!permits)
                return permits.error();
            request.spec.permits = static_cast<int>(*permits);
            permitsGiven = true;
        } else {
            auto nodes = OptionValue::nodeList(value, options.connection);
            if (!nodes)
                return nodes.error();
            request.spec.nodes.insert(request.spec.nodes.end(), nodes->begin(), nodes->end());
        }
    }
    if (!kindGiven)
        request.spec.kind = request.spec.nodes.empty() ? std::string(LockFactory::defaultKind) : "redlock";
    // Options another kind would silently ignore are mistakes worth saying so.
    const std::string& kind = request.spec.kind;
    if (!request.spec.nodes.empty() && kind != "redlock")
        return usageError("--nodes is only for the redlock kind, not " + kind);
    if (permitsGiven && kind != "semaphore")
        return usageError("--permits is only for the semaphore kind, not " + kind);
    if (request.spec.serverTime && kind != "legacy" && kind != "naive")
        return usageError("--server-time is only for the legacy and naive kinds, not " + kind);
    if (!request.spec.fenced) {
        if (auto refusal = LockFactory::noFenceRefusal(kind))
            return usageError("--no-fence: " + *refusal);
    }
    request.command.assign(args.begin() + static_cast<long>(std::min(i, args.size())), args.end());
    if (request.command.empty())
        return usageError("lock needs a COMMAND after --: lock NAME [options] -- COMMAND [ARGS...]");
    return request;
}

// Signals to the CLI while it waits or while COMMAND runs: remembered, forwarded to COMMAND,
// and they cancel a wait in progress. Only async-signal-safe work happens in the handler.
std::atomic<int> g_signal {0};
std::atomic<pid_t> g_child {0};
std::atomic<CancellationToken*> g_cancel {nullptr};

extern "C" void onTerminatingSignal(int signal)
{
    g_signal.store(signal);
    if (auto* cancel = g_cancel.load())
        cancel->cancel();
    const pid_t child = g_child.load();
    if (child > 0)
        ::kill(child, signal);
}

class SignalForwarding
{
public:
    explicit SignalForwarding(CancellationToken& cancel)
    {
        g_signal.store(0);
        g_child.store(0);
        g_cancel.store(&cancel);
        struct sigaction action
        {
        };
        action.sa_handler = onTerminatingSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0; // no SA_RESTART: waitpid returns EINTR and we look again
        sigaction(SIGINT, &action, &m_previousInt);
        sigaction(SIGTERM, &action, &m_previousTerm);
    }
    ~SignalForwarding()
    {
        sigaction(SIGINT, &m_previousInt, nullptr);
        sigaction(SIGTERM, &m_previousTerm, nullptr);
        g_child.store(0);
        g_cancel.store(nullptr);
    }
    SignalForwarding(const SignalForwarding&) = delete;
    SignalForwarding& operator=(const SignalForwarding&) = delete;

private:
    struct sigaction m_previousInt
    {
    };
    struct sigaction m_previousTerm
    {
    };
};

// Starts COMMAND with the lock's variables; the child gets default signal handling back.
Result<pid_t> startCommand(
    const std::vector<std::string>& command, std::map<std::string, std::string> environment)
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
    return pid;
}

// Renews the hold every lease/3 while COMMAND runs. A Lost answer, a renewal failure flagged by
// the lock, or a full lease without one successful renewal means the hold is gone: COMMAND
// gets SIGTERM (SIGKILL ten seconds later if it ignores that).
class LeaseRenewer
{
public:
    LeaseRenewer(DistributedLock& lock, std::chrono::milliseconds lease, pid_t child)
        : m_lock(lock)
        , m_lease(lease)
        , m_child(child)
        , m_thread([this] { loop(); })
    {
    }
    ~LeaseRenewer() { stop(); }

    void stop()
    {
        {
            std::lock_guard guard(m_mutex);
            m_stopping = true;
        }
        m_wake.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }
    bool lost() const { return m_lost.load(); }
    std::string reason() const
    {
        std::lock_guard guard(m_mutex);
        return m_reason;
    }

private:
    // Sleeps up to `period`; false when asked to stop.
    bool sleepFor(std::chrono::milliseconds period)
    {
        std::unique_lock guard(m_mutex);
        return !m_wake.wait_for(guard, period, [this] { return m_stopping; });
    }

    void declareLost(std::string reason)
    {
        {
            std::lock_guard guard(m_mutex);
            m_reason = std::move(reason);
        }
        m_lost.store(true);
        ::kill(m_child, SIGTERM);
        if (sleepFor(std::chrono::seconds(10)))
            ::kill(m_child, SIGKILL);
    }

    void loop()
    {
        const auto period = std::max(m_lease / 3, std::chrono::milliseconds(1));
        auto lastRenewal = SteadyClock::now();
        auto next = period;
        while (sleepFor(next)) {
            if (m_lock.renewalFailed())
                return declareLost("its renewal failed");
            auto renewed = m_lock.extend(m_lease);
            if (renewed && *renewed == HoldOutcome::Done) {
                lastRenewal = SteadyClock::now();
                next = period;
                continue;
            }
            if (renewed)
                return declareLost("it was gone when its lease was renewed");
            if (SteadyClock::now() - lastRenewal >= m_lease)
                return declareLost(
                    "no renewal succeeded for a whole lease (" + renewed.error().toString() + ")");
            next = std::min(period, std::chrono::milliseconds(500)); // try again soon
        }
    }

    DistributedLock& m_lock;
    std::chrono::milliseconds m_lease;
    pid_t m_child;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::atomic<bool> m_lost {false};
    std::string m_reason;
    std::thread m_thread;
};

// Waits until COMMAND has ended but leaves it unreaped, so its pid cannot be reused by another
// process while the renewer or the signal handler might still signal it.
void waitUntilChildEnds(pid_t child)
{
    siginfo_t info {};
    while (::waitid(P_PID, static_cast<id_t>(child), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) { }
}

int reapChild(pid_t child)
{
    int status = 0;
    pid_t done = 0;
    do {
        done = ::waitpid(child, &status, 0);
    } while (done < 0 && errno == EINTR);
    if (done != child)
        return ExitSoftware;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return ExitSoftware;
}

} // namespace

int LockCommand::run(const CliOptions& options, const std::map<std::string, std::string>& environment,
    std::ostream& out, std::ostream& err)
{
    auto request = parseRequest(options);
    if (!request) {
        err << "lockscope-cli: " << request.error().message << "\n";
        return ExitUsage;
    }
    const std::string& name = request->spec.name;
    if (const auto* info = LockFactory::find(request->spec.kind); info && info->unsafe)
        err << "lockscope-cli: warning: the " << info->name
            << " kind is UNSAFE: " << info->description.english() << "\n";
    auto lock = LockFactory::create(request->spec);
    if (!lock) {
        err << "lockscope-cli: lock '" << name << "': " << lock.error().message << "\n";
        return exitCodeFor(lock.error().kind);
    }

    CancellationToken cancel;
    SignalForwarding signals(cancel);
    request->acquire.cancel = &cancel;
    auto acquired = (*lock)->acquire(request->acquire);
    if (!acquired) {
        err << "lockscope-cli: lock '" << name << "': " << acquired.error().toString() << "\n";
        return exitCodeFor(acquired.error().kind);
    }
    if (acquired->outcome == AcquireOutcome::Cancelled) {
        err << "lockscope-cli: lock '" << name << "': interrupted while waiting\n";
        return 128 + (g_signal.load() ? g_signal.load() : SIGINT);
    }
    if (acquired->outcome == AcquireOutcome::TimedOut) {
        err << "lockscope-cli: lock '" << name << "' not acquired within "
            << (request->acquire.wait ? request->acquire.wait->count() : 0) << " ms: someone else holds it\n";
        return ExitTempFail;
    }

    if (const int signal = g_signal.load()) {
        // Asked to stop just as the lock was granted: do not start COMMAND at all.
        (void)(*lock)->release();
        err << "lockscope-cli: lock '" << name << "': interrupted before the command started\n";
        return 128 + signal;
    }

    auto childEnvironment = environment;
    childEnvironment["LOCKSCOPE_LOCK"] = name;
    childEnvironment["LOCKSCOPE_KIND"] = std::string((*lock)->kind());
    childEnvironment["LOCKSCOPE_TOKEN"] = (*lock)->holderId();
    childEnvironment.erase("LOCKSCOPE_FENCE");
    if (acquired->fence)
        childEnvironment["LOCKSCOPE_FENCE"] = std::to_string(*acquired->fence);

    auto child = startCommand(request->command, std::move(childEnvironment));
    if (!child) {
        (void)(*lock)->release();
        err << "lockscope-cli: " << child.error().message << "\n";
        return ExitSoftware;
    }
    g_child.store(*child);
    if (const int early = g_signal.load())
        ::kill(*child, early); // arrived between the acquisition and the fork

    int code = 0;
    bool lost = false;
    std::string lostReason;
    {
        LeaseRenewer renewer(**lock, request->acquire.lease, *child);
        waitUntilChildEnds(*child);
        g_child.store(0);
        renewer.stop();
        lost = renewer.lost();
        lostReason = renewer.reason();
    }
    code = reapChild(*child);

    if (lost) {
        err << "lockscope-cli: lock '" << name << "' was lost while the command ran (" << lostReason
            << "); the command was sent SIGTERM\n";
        return lostExitCode;
    }
    auto released = (*lock)->release();
    if (!released) {
        err << "lockscope-cli: lock '" << name << "': release failed: " << released.error().toString()
            << "\n";
        return code != 0 ? code : exitCodeFor(released.error().kind);
    }
    if (*released == HoldOutcome::Lost) {
        err << "lockscope-cli: lock '" << name << "' was no longer held when the command ended\n";
        return lostExitCode;
    }
    (void)out;
    return code;
}

} // namespace lockscope
