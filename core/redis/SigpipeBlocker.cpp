#include "redis/SigpipeBlocker.h"

#include <cerrno>
#include <ctime>
#include <pthread.h>

namespace lockscope {

namespace {
sigset_t onlySigpipe()
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    return set;
}
bool sigpipePending()
{
    sigset_t pending;
    return sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1;
}
} // namespace

SigpipeBlocker::SigpipeBlocker()
{
    m_wasPending = sigpipePending();
    const sigset_t pipe = onlySigpipe();
    pthread_sigmask(SIG_BLOCK, &pipe, &m_previousMask);
}

SigpipeBlocker::~SigpipeBlocker()
{
    const int savedErrno = errno; // callers read errno of the call this object guarded
    if (!m_wasPending && sigpipePending()) {
        const sigset_t pipe = onlySigpipe();
        const timespec immediately {0, 0};
        while (sigtimedwait(&pipe, nullptr, &immediately) < 0 && errno == EINTR) { }
    }
    pthread_sigmask(SIG_SETMASK, &m_previousMask, nullptr);
    errno = savedErrno;
}

} // namespace lockscope
