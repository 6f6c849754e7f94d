#pragma once

#include "redis/ConnectionOptions.h"
#include "redis/SocketTransport.h"

#include <memory>
#include <string>

namespace lockscope {

// TLS (OpenSSL) over an already connected socket. Verification is on unless the options say
// otherwise: the chain against the CA file (or the system store) and the host name against
// serverName, or the host we connected to. A failed verification says why.
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
