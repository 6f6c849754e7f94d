#include "redis/TlsTransport.h"

#include "redis/SigpipeBlocker.h"

#include <arpa/inet.h>
#include <cerrno>
#include <climits>
#include <cstring>
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace lockscope {

namespace {

struct SslCall
{
    int returned = 0;
    int savedErrno = 0; // errno right after the call, before anything else can change it
};

// Runs one OpenSSL I/O call with SIGPIPE blocked and a clean error queue.
template <class Call>
SslCall guardedSslCall(Call call)
{
    ERR_clear_error();
    SigpipeBlocker blocker;
    errno = 0;
    SslCall result;
    result.returned = call();
    result.savedErrno = errno;
    return result;
}

bool isIpLiteral(const std::string& host)
{
    unsigned char address[16];
    return inet_pton(AF_INET, host.c_str(), address) == 1 || inet_pton(AF_INET6, host.c_str(), address) == 1;
}

// The most specific reason OpenSSL queued, or `fallback` when the queue is empty.
std::string openSslReason(const std::string& fallback)
{
    std::string reason;
    while (const unsigned long code = ERR_get_error()) {
        if (!reason.empty())
            continue; // the first error is the cause; the rest is how it travelled up
        const char* text = ERR_reason_error_string(code);
        if (text) {
            reason = text;
        } else {
            char buffer[256];
            ERR_error_string_n(code, buffer, sizeof(buffer));
            reason = buffer;
        }
    }
    return reason.empty() ? fallback : reason;
}

// "host:port" of the connected peer, for messages (the host as the caller named it).
std::string describePeer(int fd, const std::string& host)
{
    sockaddr_storage address {};
    socklen_t length = sizeof(address);
    if (getpeername(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0)
        return host;
    int port = 0;
    if (address.ss_family == AF_INET)
        port = ntohs(reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
    else if (address.ss_family == AF_INET6)
        port = ntohs(reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port);
    return port ? HostPort {host, port}.toString() : host;
}

std::string fileProblem(const std::string& path)
{
    if (access(path.c_str(), R_OK) != 0)
        return std::strerror(errno);
    return {};
}

struct SslContextDeleter
{
    void operator()(SSL_CTX* context) const { SSL_CTX_free(context); }
};
struct SslDeleter
{
    void operator()(SSL* ssl) const { SSL_free(ssl); }
};

Result<std::unique_ptr<SSL_CTX, SslContextDeleter>> makeContext(const TlsOptions& options)
{
    ERR_clear_error();
    std::unique_ptr<SSL_CTX, SslContextDeleter> context(SSL_CTX_new(TLS_client_method()));
    if (!context)
        return makeError(ErrorKind::TlsHandshake, "cannot create a TLS context: " + openSslReason("unknown"));
    SSL_CTX_set_min_proto_version(context.get(), TLS1_2_VERSION);
    // Writes may complete in parts, and a retried write may come from a buffer that moved: both
    // are what a non-blocking writeAll() loop needs.
    SSL_CTX_set_mode(context.get(), SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);

    if (options.verifyPeer) {
        SSL_CTX_set_verify(context.get(), SSL_VERIFY_PEER, nullptr);
        if (options.caFile.empty()) {
            if (SSL_CTX_set_default_verify_paths(context.get()) != 1)
                return makeError(ErrorKind::TlsHandshake,
                    "cannot load the system's trusted certificates: " + openSslReason("unknown"));
        } else {
            if (auto problem = fileProblem(options.caFile); !problem.empty())
                return makeError(
                    ErrorKind::TlsHandshake, "cannot read CA file '" + options.caFile + "': " + problem);
            if (SSL_CTX_load_verify_locations(context.get(), options.caFile.c_str(), nullptr) != 1)
                return makeError(ErrorKind::TlsHandshake,
                    "CA file '" + options.caFile
                        + "' holds no usable certificate: " + openSslReason("unknown"));
        }
    } else {
        SSL_CTX_set_verify(context.get(), SSL_VERIFY_NONE, nullptr);
    }

    if (options.certFile.empty() != options.keyFile.empty())
        return makeError(ErrorKind::Usage, "a TLS client certificate and its key go together");
    if (!options.certFile.empty()) {
        for (const auto* path : {&options.certFile, &options.keyFile}) {
            if (auto problem = fileProblem(*path); !problem.empty())
                return makeError(ErrorKind::TlsHandshake,
                    "cannot read "
                        + std::string(path == &options.certFile ? "client certificate" : "client key") + " '"
                        + *path + "': " + problem);
        }
        if (SSL_CTX_use_certificate_chain_file(context.get(), options.certFile.c_str()) != 1)
            return makeError(ErrorKind::TlsHandshake,
                "client certificate '" + options.certFile + "' is unusable: " + openSslReason("unknown"));
        if (SSL_CTX_use_PrivateKey_file(context.get(), options.keyFile.c_str(), SSL_FILETYPE_PEM) != 1)
            return makeError(ErrorKind::TlsHandshake,
                "client key '" + options.keyFile + "' is unusable: " + openSslReason("unknown"));
        if (SSL_CTX_check_private_key(context.get()) != 1)
            return makeError(ErrorKind::TlsHandshake,
                "client key '" + options.keyFile + "' does not match certificate '" + options.certFile
                    + "': " + openSslReason("unknown"));
    }
    return context;
}

} // namespace

struct TlsTransport::State
{
    std::unique_ptr<SocketTransport> socket;
    std::unique_ptr<SSL_CTX, SslContextDeleter> context;
    std::unique_ptr<SSL, SslDeleter> ssl;
    std::string peer; // host:port, for messages
    // After a fatal SSL error OpenSSL must not be asked to do anything more on this SSL
    // (not even to send close_notify).
    bool failed = false;
    bool receivedData = false;
    bool sentClientCertificate = false;

    int fd() const { return socket ? socket->fd() : -1; }

    // Until the server's first reply arrives, a broken stream is a failed TLS setup: with TLS
    // 1.3 the client's handshake completes before the server has checked the client's
    // certificate, and a server that rejects it (or its absence) just closes the connection.
    Status streamError(const std::string& reason, const char* operation) const
    {
        if (receivedData)
            return makeError(ErrorKind::Disconnected,
                std::string("TLS ") + operation + " to " + peer + " failed: " + reason);
        return makeError(ErrorKind::TlsHandshake,
            "TLS session with " + peer + " failed right after the handshake: " + reason
                + clientCertificateHint());
    }

    std::string clientCertificateHint() const
    {
        return sentClientCertificate ? " (did the server reject the client certificate?)"
                                     : " (does the server require a client certificate?)";
    }

    // A guess at the cause of a failed handshake, for the message: an alert from the server
    // about certificates points at the client certificate; anything that is not an alert at
    // all, at a server that does not speak TLS there.
    std::string handshakeHint(const std::string& reason) const
    {
        if (reason.find("alert") == std::string::npos)
            return " (is the server speaking TLS on this port?)";
        if (reason.find("certificate") != std::string::npos
            || reason.find("handshake failure") != std::string::npos)
            return clientCertificateHint();
        return {};
    }

    // What a failed SSL_read/SSL_write/SSL_peek means for the stream: wait for the socket
    // (returns Done), or an error that ends the stream.
    Status handleIoError(const SslCall& call, Deadline deadline, const char* operation)
    {
        const int error = SSL_get_error(ssl.get(), call.returned);
        const int savedErrno = call.savedErrno;
        switch (error) {
        case SSL_ERROR_WANT_READ:
            return waitForFd(fd(), false, deadline);
        case SSL_ERROR_WANT_WRITE:
            return waitForFd(fd(), true, deadline);
        case SSL_ERROR_ZERO_RETURN:
            return streamError("the server closed the TLS connection", operation);
        case SSL_ERROR_SYSCALL: {
            failed = true;
            return streamError(openSslReason(savedErrno != 0 ? std::string(std::strerror(savedErrno))
                                                             : "the server closed the connection"),
                operation);
        }
        default:
            failed = true;
            // OpenSSL 3 reports a close without close_notify (what redis-server does) as an
            // "unexpected eof" protocol error: for us it is the end of the stream.
            return streamError(openSslReason("TLS error"), operation);
        }
    }
};

TlsTransport::TlsTransport(std::unique_ptr<State> state)
    : m_state(std::move(state))
{
}

TlsTransport::~TlsTransport()
{
    close();
}

Result<std::unique_ptr<Transport>> TlsTransport::handshake(std::unique_ptr<SocketTransport> socket,
    const TlsOptions& options, const std::string& connectedHost, Deadline deadline)
{
    if (!socket || socket->fd() < 0)
        return makeError(ErrorKind::Disconnected, "TLS needs a connected socket");
    auto state = std::make_unique<State>();
    state->socket = std::move(socket);
    state->peer = describePeer(state->fd(), connectedHost);

    auto context = makeContext(options);
    if (!context)
        return context.error();
    state->context = std::move(context.value());
    state->sentClientCertificate = !options.certFile.empty();

    ERR_clear_error();
    state->ssl.reset(SSL_new(state->context.get()));
    if (!state->ssl || SSL_set_fd(state->ssl.get(), state->fd()) != 1)
        return makeError(ErrorKind::TlsHandshake, "cannot set up TLS: " + openSslReason("unknown"));
    SSL* ssl = state->ssl.get();

    const std::string name = options.serverName.empty() ? connectedHost : options.serverName;
    const bool nameIsIp = isIpLiteral(name);
    // RFC 6066: SNI carries host names only, never address literals.
    if (!nameIsIp && !name.empty() && SSL_set_tlsext_host_name(ssl, name.c_str()) != 1)
        return makeError(ErrorKind::TlsHandshake, "invalid TLS server name '" + name + "'");
    if (options.verifyPeer) {
        const int set = nameIsIp ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), name.c_str())
                                 : SSL_set1_host(ssl, name.c_str());
        if (set != 1)
            return makeError(ErrorKind::TlsHandshake, "cannot verify against the name '" + name + "'");
        SSL_set_hostflags(ssl, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    }

    for (;;) {
        const auto call = guardedSslCall([&] { return SSL_connect(ssl); });
        if (call.returned == 1)
            break;
        const int error = SSL_get_error(ssl, call.returned);
        const int savedErrno = call.savedErrno;
        if (error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE) {
            auto ready = waitForFd(state->fd(), error == SSL_ERROR_WANT_WRITE, deadline);
            if (!ready)
                // A plain-text server that got our ClientHello often just waits for the end of
                // a command line, so silence is the usual sign of a wrong port.
                return makeError(ErrorKind::Timeout,
                    "timed out in the TLS handshake with " + state->peer
                        + " (is the server speaking TLS on this port?)");
            continue;
        }
        state->failed = true;
        const long verified = SSL_get_verify_result(ssl);
        if (options.verifyPeer && verified != X509_V_OK) {
            ERR_clear_error();
            return makeError(ErrorKind::TlsVerification,
                "certificate of " + state->peer + " did not verify"
                    + (options.serverName.empty() ? std::string() : " as '" + options.serverName + "'") + ": "
                    + X509_verify_cert_error_string(verified));
        }
        std::string reason;
        if (error == SSL_ERROR_SYSCALL)
            reason = openSslReason(savedErrno != 0 ? std::string(std::strerror(savedErrno))
                                                   : "the server closed the connection");
        else
            reason = openSslReason("protocol error");
        return makeError(ErrorKind::TlsHandshake,
            "TLS handshake with " + state->peer + " failed: " + reason + state->handshakeHint(reason));
    }

    if (options.verifyPeer) {
        // SSL_VERIFY_PEER already fails the handshake on a bad chain; this also refuses a
        // server that sent no certificate at all.
        X509* certificate = SSL_get0_peer_certificate(ssl);
        const long verified = SSL_get_verify_result(ssl);
        if (!certificate || verified != X509_V_OK)
            return makeError(ErrorKind::TlsVerification,
                "certificate of " + state->peer + " did not verify: "
                    + (certificate ? X509_verify_cert_error_string(verified) : "no certificate presented"));
    }
    return std::unique_ptr<Transport>(new TlsTransport(std::move(state)));
}

Status TlsTransport::writeAll(const char* data, size_t size, Deadline deadline)
{
    size_t written = 0;
    while (written < size) {
        if (!m_state->ssl || m_state->failed || m_state->fd() < 0)
            return makeError(ErrorKind::Disconnected, "connection is closed");
        const int chunk = static_cast<int>(std::min<size_t>(size - written, INT_MAX));
        const auto call
            = guardedSslCall([&] { return SSL_write(m_state->ssl.get(), data + written, chunk); });
        if (call.returned > 0) {
            written += static_cast<size_t>(call.returned);
            continue;
        }
        auto waited = m_state->handleIoError(call, deadline, "write");
        if (!waited)
            return waited.error();
    }
    return Done {};
}

Result<size_t> TlsTransport::readSome(char* buffer, size_t capacity, Deadline deadline)
{
    for (;;) {
        if (!m_state->ssl || m_state->failed || m_state->fd() < 0)
            return makeError(ErrorKind::Disconnected, "connection is closed");
        const int chunk = static_cast<int>(std::min<size_t>(capacity, INT_MAX));
        // Reading may write too (a key update, or an alert): guarded like a write.
        const auto call = guardedSslCall([&] { return SSL_read(m_state->ssl.get(), buffer, chunk); });
        if (call.returned > 0) {
            m_state->receivedData = true;
            return static_cast<size_t>(call.returned);
        }
        auto waited = m_state->handleIoError(call, deadline, "read");
        if (!waited)
            return waited.error();
    }
}

bool TlsTransport::peerClosed()
{
    if (!m_state->ssl || m_state->failed || m_state->fd() < 0)
        return true;
    SSL* ssl = m_state->ssl.get();
    if (SSL_pending(ssl) > 0)
        return false; // decrypted data is waiting: the stream is alive
    pollfd pfd {m_state->fd(), POLLIN, 0};
    if (::poll(&pfd, 1, 0) <= 0)
        return false;
    if (pfd.revents & (POLLHUP | POLLERR | POLLNVAL))
        return true;
    // Readable: a close_notify, an EOF, TLS housekeeping (session tickets) or real data. Peeking
    // on the non-blocking socket processes the first three and leaves application data in place.
    char probe;
    const auto call = guardedSslCall([&] { return SSL_peek(ssl, &probe, 1); });
    if (call.returned > 0)
        return false;
    switch (SSL_get_error(ssl, call.returned)) {
    case SSL_ERROR_WANT_READ:
    case SSL_ERROR_WANT_WRITE:
        return false;
    case SSL_ERROR_ZERO_RETURN:
        return true;
    default:
        ERR_clear_error();
        m_state->failed = true;
        return true;
    }
}

void TlsTransport::close()
{
    if (!m_state)
        return;
    if (m_state->ssl && !m_state->failed && m_state->fd() >= 0) {
        // Best effort close_notify; never waits (the socket is non-blocking).
        guardedSslCall([&] { return SSL_shutdown(m_state->ssl.get()); });
        ERR_clear_error();
    }
    m_state->failed = true;
    if (m_state->socket)
        m_state->socket->close();
}

} // namespace lockscope
