#pragma once

#include "common/CancellationToken.h"

#include <csignal>

#include <sys/types.h>

namespace lockscope {

// While alive, SIGINT and SIGTERM cancel a token instead of killing the process, so a long
// scan, wait or run stops cleanly; the signal is remembered, and forwarded to a child process
// when one is named (`lock` runs COMMAND). The handler does only async-signal-safe work: atomic
// loads and stores and kill(2). The previous handlers come back on destruction. One at a time.
class SignalCancellation
{
public:
    SignalCancellation();
    ~SignalCancellation();
    SignalCancellation(const SignalCancellation&) = delete;
    SignalCancellation& operator=(const SignalCancellation&) = delete;

    const CancellationToken& token() const { return m_token; }
    // Stops as a signal would (e.g. after --max-events).
    void cancel() { m_token.cancel(); }
    // The signal that arrived (SIGINT or SIGTERM), or 0 when none did.
    int receivedSignal() const;
    // Signals arriving from now on are also sent to `child`; 0 stops forwarding.
    void forwardTo(pid_t child);

private:
    CancellationToken m_token;
    struct sigaction m_previousInt
    {
    };
    struct sigaction m_previousTerm
    {
    };
};

} // namespace lockscope
