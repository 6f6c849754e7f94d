#include "redis/TlsTransport.h"

namespace lockscope {

struct TlsTransport::State
{
};

TlsTransport::TlsTransport(std::unique_ptr<State> state)
    : m_state(std::move(state))
{
}
TlsTransport::~TlsTransport() = default;

Result<std::unique_ptr<Transport>> TlsTransport::handshake(
    std::unique_ptr<SocketTransport>, const TlsOptions&, const std::string&, Deadline)
{
    return makeError(ErrorKind::TlsHandshake, "TLS is not available in this build yet");
}
Status TlsTransport::writeAll(const char*, size_t, Deadline)
{
    return makeError(ErrorKind::Disconnected, "no TLS");
}
Result<size_t> TlsTransport::readSome(char*, size_t, Deadline)
{
    return makeError(ErrorKind::Disconnected, "no TLS");
}
bool TlsTransport::peerClosed()
{
    return true;
}
void TlsTransport::close() { }

} // namespace lockscope
