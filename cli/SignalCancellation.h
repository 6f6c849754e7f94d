#pragma once

#include "locks/DistributedLock.h"

#include <csignal>

namespace lockscope {

// While alive, SIGINT and SIGTERM cancel a token instead of killing the process, so a long
// scan or wait stops cleanly. The previous handlers come back on destruction. One at a time.
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
