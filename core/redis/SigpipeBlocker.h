#pragma once

#include <csignal>

namespace lockscope {

// While alive, SIGPIPE is blocked in the calling thread; a SIGPIPE raised meanwhile (a write
// to a connection the peer has reset) is discarded before the previous mask is restored, so
// the write just fails with EPIPE.
//
// OpenSSL writes to its socket with write(), not send(MSG_NOSIGNAL). The core is a library
// that services embed, so it cannot rely on the process ignoring SIGPIPE (lockscope-cli does;
// an embedding service may not): TlsTransport wraps each OpenSSL call in one of these.
class SigpipeBlocker
{
public:
    SigpipeBlocker();
    ~SigpipeBlocker();
    SigpipeBlocker(const SigpipeBlocker&) = delete;
    SigpipeBlocker& operator=(const SigpipeBlocker&) = delete;

private:
    sigset_t m_previousMask;
    // A SIGPIPE that was pending before is somebody else's, and stays pending.
    bool m_wasPending = false;
};

} // namespace lockscope
