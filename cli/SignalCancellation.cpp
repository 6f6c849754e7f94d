#include "cli/SignalCancellation.h"

#include <atomic>

#include <signal.h>

namespace lockscope {

namespace {

// What the handler may touch: lock-free atomics only.
std::atomic<CancellationToken*> activeToken {nullptr};
std::atomic<int> receivedSignalNumber {0};
std::atomic<pid_t> forwardedChild {0};

static_assert(std::atomic<CancellationToken*>::is_always_lock_free);
static_assert(std::atomic<int>::is_always_lock_free);
static_assert(std::atomic<pid_t>::is_always_lock_free);

extern "C" void onTerminatingSignal(int signal)
{
    receivedSignalNumber.store(signal);
    if (CancellationToken* token = activeToken.load())
        token->cancel();
    const pid_t child = forwardedChild.load();
    if (child > 0)
        ::kill(child, signal);
}

} // namespace

SignalCancellation::SignalCancellation()
{
    receivedSignalNumber.store(0);
    forwardedChild.store(0);
    activeToken.store(&m_token);
    struct sigaction action
    {
    };
    action.sa_handler = onTerminatingSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; // no SA_RESTART: a blocking wait returns EINTR and looks again
    sigaction(SIGINT, &action, &m_previousInt);
    sigaction(SIGTERM, &action, &m_previousTerm);
}

SignalCancellation::~SignalCancellation()
{
    sigaction(SIGINT, &m_previousInt, nullptr);
    sigaction(SIGTERM, &m_previousTerm, nullptr);
    forwardedChild.store(0);
    activeToken.store(nullptr);
}

int SignalCancellation::receivedSignal() const
{
    return receivedSignalNumber.load();
}

void SignalCancellation::forwardTo(pid_t child)
{
    forwardedChild.store(child);
}

} // namespace lockscope
