#include "redis/SocketTransport.h"

#include "redis/ConnectionOptions.h"

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

namespace lockscope {

namespace {

int remainingMs(Deadline deadline)
{
    if (!deadline)
        return -1;
    // Rounded up: poll() counts whole milliseconds, and rounding a deadline 0.9 ms away down to
    // 0 turned every short wait into a busy loop until the deadline.
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now()).count();
    return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 1 << 30));
}

bool setNonBlocking(int fd)
{
    const int flags = fcntl(fd, F_GETFL, 0);
    return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

RedisError connectError(int err, const std::string& where)
{
    const ErrorKind kind = err == ETIMEDOUT ? ErrorKind::Timeout : ErrorKind::ConnectionRefused;
    return makeError(kind, "cannot connect to " + where + ": " + std::strerror(err));
}

// Starts a non-blocking connect and waits for it within the deadline.
Status finishConnect(
    int fd, const sockaddr* address, socklen_t length, Deadline deadline, const std::string& where)
{
    if (::connect(fd, address, length) == 0)
        return Done {};
    if (errno != EINPROGRESS && errno != EAGAIN)
        return connectError(errno, where);
    auto waited = waitForFd(fd, true, deadline);
    if (!waited)
        return makeError(ErrorKind::Timeout, "timed out connecting to " + where);
    int err = 0;
    socklen_t errLength = sizeof(err);
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &errLength) != 0)
        err = errno;
    if (err != 0)
        return connectError(err, where);
    return Done {};
}

// getaddrinfo() has no timeout of its own (a dead name server holds it for 10 s and more), so
// a name is looked up on a thread of its own and waited for until the connect deadline; a lookup
// still going then finishes there, and its result is freed by whoever lets go of it last.
struct Lookup
{
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    int rc = 0;
    addrinfo* found = nullptr;
    ~Lookup()
    {
        if (found)
            freeaddrinfo(found);
    }
};

Result<std::shared_ptr<Lookup>> lookUp(const std::string& host, int port, Deadline deadline)
{
    auto lookup = std::make_shared<Lookup>();
    addrinfo hints {};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    const std::string service = std::to_string(port);
    // An address needs no name server: read at once, no thread.
    hints.ai_flags = AI_NUMERICHOST;
    lookup->rc = getaddrinfo(host.c_str(), service.c_str(), &hints, &lookup->found);
    if (lookup->rc != EAI_NONAME) {
        lookup->done = true;
        return lookup;
    }
    if (deadline && remainingMs(deadline) == 0)
        return makeError(ErrorKind::Timeout, "timed out resolving host '" + host + "'");
    hints.ai_flags = 0;
    std::thread([lookup, host, service, hints] {
        addrinfo* found = nullptr;
        const int rc = getaddrinfo(host.c_str(), service.c_str(), &hints, &found);
        std::lock_guard guard(lookup->mutex);
        lookup->rc = rc;
        lookup->found = found;
        lookup->done = true;
        lookup->finished.notify_all();
    }).detach();
    std::unique_lock lock(lookup->mutex);
    if (deadline)
        lookup->finished.wait_until(lock, *deadline, [&] { return lookup->done; });
    else
        lookup->finished.wait(lock, [&] { return lookup->done; });
    if (!lookup->done)
        return makeError(ErrorKind::Timeout, "timed out resolving host '" + host + "' (--connect-timeout)");
    return lookup;
}

} // namespace

Status waitForFd(int fd, bool forWrite, Deadline deadline)
{
    pollfd pfd {fd, static_cast<short>(forWrite ? POLLOUT : POLLIN), 0};
    for (;;) {
        const int rc = ::poll(&pfd, 1, remainingMs(deadline));
        if (rc > 0)
            return Done {};
        if (rc == 0)
            return makeError(ErrorKind::Timeout, "timed out waiting for the server");
        if (errno != EINTR)
            return makeError(ErrorKind::Disconnected, std::string("poll failed: ") + std::strerror(errno));
    }
}

Result<std::unique_ptr<SocketTransport>> SocketTransport::connectTcp(
    const std::string& host, int port, Deadline deadline)
{
    const std::string where = HostPort {host, port}.toString();
    auto lookup = lookUp(host, port, deadline);
    if (!lookup)
        return lookup.error();
    if ((*lookup)->rc != 0)
        return makeError(ErrorKind::ConnectionRefused,
            "cannot resolve host '" + host + "': " + gai_strerror((*lookup)->rc));
    addrinfo* found = (*lookup)->found;

    RedisError lastError = makeError(ErrorKind::ConnectionRefused, "no address for " + where);
    for (addrinfo* ai = found; ai; ai = ai->ai_next) {
        const int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0 || !setNonBlocking(fd)) {
            lastError = makeError(ErrorKind::Internal, std::string("socket: ") + std::strerror(errno));
            if (fd >= 0)
                ::close(fd);
            continue;
        }
        auto connected = finishConnect(fd, ai->ai_addr, ai->ai_addrlen, deadline, where);
        if (!connected) {
            ::close(fd);
            lastError = connected.error();
            continue;
        }
        const int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
        setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
        return std::unique_ptr<SocketTransport>(new SocketTransport(fd));
    }
    return lastError;
}

Result<std::unique_ptr<SocketTransport>> SocketTransport::connectUnix(
    const std::string& path, Deadline deadline)
{
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    if (path.size() >= sizeof(address.sun_path))
        return makeError(ErrorKind::Usage, "unix socket path too long: " + path);
    std::memcpy(address.sun_path, path.data(), path.size());
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || !setNonBlocking(fd)) {
        if (fd >= 0)
            ::close(fd);
        return makeError(ErrorKind::Internal, std::string("socket: ") + std::strerror(errno));
    }
    auto connected
        = finishConnect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address), deadline, path);
    if (!connected) {
        ::close(fd);
        if (connected.error().kind == ErrorKind::ConnectionRefused && errno == ENOENT)
            return makeError(ErrorKind::ConnectionRefused, "no unix socket at " + path);
        return connected.error();
    }
    return std::unique_ptr<SocketTransport>(new SocketTransport(fd));
}

SocketTransport::~SocketTransport()
{
    close();
}

Status SocketTransport::writeAll(const char* data, size_t size, Deadline deadline)
{
    size_t written = 0;
    while (written < size) {
        if (m_fd < 0)
            return makeError(ErrorKind::Disconnected, "connection is closed");
        const ssize_t n = ::send(m_fd, data + written, size - written, MSG_NOSIGNAL);
        if (n > 0) {
            written += static_cast<size_t>(n);
            m_replyPending = true;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            auto ready = waitForFd(m_fd, true, deadline);
            if (!ready)
                return ready.error();
            continue;
        }
        return makeError(ErrorKind::Disconnected, std::string("write failed: ") + std::strerror(errno));
    }
    return Done {};
}

Result<size_t> SocketTransport::readSome(char* buffer, size_t capacity, Deadline deadline)
{
    // Right after a command went out its reply is a round trip away: a recv() now would only
    // say EAGAIN, so the first read waits in poll() and saves that system call.
    if (m_replyPending && m_fd >= 0) {
        m_replyPending = false;
        auto ready = waitForFd(m_fd, false, deadline);
        if (!ready)
            return ready.error();
    }
    for (;;) {
        if (m_fd < 0)
            return makeError(ErrorKind::Disconnected, "connection is closed");
        const ssize_t n = ::recv(m_fd, buffer, capacity, 0);
        if (n > 0)
            return static_cast<size_t>(n);
        if (n == 0)
            return makeError(ErrorKind::Disconnected, "server closed the connection");
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            auto ready = waitForFd(m_fd, false, deadline);
            if (!ready)
                return ready.error();
            continue;
        }
        return makeError(ErrorKind::Disconnected, std::string("read failed: ") + std::strerror(errno));
    }
}

bool SocketTransport::peerClosed()
{
    if (m_fd < 0)
        return true;
    pollfd pfd {m_fd, POLLIN, 0};
    if (::poll(&pfd, 1, 0) <= 0)
        return false;
    if (pfd.revents & (POLLHUP | POLLERR | POLLNVAL))
        return true;
    char probe;
    const ssize_t n = ::recv(m_fd, &probe, 1, MSG_PEEK | MSG_DONTWAIT);
    // Data on an idle connection is not ours to lose, so only a clean EOF or an error counts.
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

void SocketTransport::close()
{
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
}

} // namespace lockscope
