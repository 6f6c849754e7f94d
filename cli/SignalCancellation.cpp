#include "cli/SignalCancellation.h"

#include <atomic>

namespace lockscope {

namespace {

std::atomic<CancellationToken*> activeToken {nullptr};

void onSignal(int)
{
    // Only an atomic store: safe in a signal handler.
    if (CancellationToken* token = activeToken.load())
        token->cancel();
}

} // namespace

SignalCancellation::SignalCancellation()
{
    activeToken.store(&m_token);
    struct sigaction action
    {
    };
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &m_previousInt);
    sigaction(SIGTERM, &action, &m_previousTerm);
}

SignalCancellation::~SignalCancellation()
{
    sigaction(SIGINT, &m_previousInt, nullptr);
    sigaction(SIGTERM, &m_previousTerm, nullptr);
    activeToken.store(nullptr);
}

} // namespace lockscope
