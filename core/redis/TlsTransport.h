#pragma once

#include "redis/ConnectionOptions.h"
#include "redis/SocketTransport.h"

#include <memory>
#include <string>

namespace lockscope {

// TLS (OpenSSL) over an already connected socket. Verification is on unless the options say
// otherwise: the chain against the CA file (or the system store) and the host name against
// serverName, or the host we connected to. A failed verification says why.
//
// - Every operation is non-blocking on the socket and bounded by the deadline.
// - Until the server's first bytes arrive, a broken stream is a TlsHandshake error (with TLS
//   1.3 a server rejects a missing or bad client certificate only after our handshake has
//   completed); afterwards it is Disconnected, like a plain socket.
// - SIGPIPE is blocked around OpenSSL calls and a raised one is discarded, so the process need
//   not ignore SIGPIPE (lockscope-cli does anyway).
class TlsTransport final : public Transport
{
public:
    static Result<std::unique_ptr<Transport>> handshake(std::unique_ptr<SocketTransport> socket,
        const TlsOptions& options, const std::string& connectedHost, Deadline deadline);
    ~TlsTransport() override;

    Status writeAll(const char* data, size_t size, Deadline deadline) override;
    Result<size_t> readSome(char* buffer, size_t capacity, Deadline deadline) override;
    bool peerClosed() override;
    void close() override;

    struct State;

private:
    explicit TlsTransport(std::unique_ptr<State> state);
    std::unique_ptr<State> m_state;
};

} // namespace lockscope
