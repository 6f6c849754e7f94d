#include "faults/ChaosProxy.h"

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace lockscope {

namespace {

// Bytes one direction may hold inside the proxy before it stops reading from the sender: the
// kernel's buffers then push back, as on a slow link.
constexpr size_t bufferedMost = 256 * 1024;

// One client connection and the proxy's own connection to the server.
struct Link
{
    int client = -1;
    int server = -1;
    std::string toServer;
    std::string toClient;
};

RedisError systemError(const char* what)
{
    return makeError(ErrorKind::Internal, std::string(what) + ": " + std::strerror(errno));
}

int connectTo(const std::string& host, int port)
{
    addrinfo hints {};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0)
        return -1;
    int fd = -1;
    for (addrinfo* at = found; at && fd < 0; at = at->ai_next) {
        fd = ::socket(at->ai_family, at->ai_socktype | SOCK_CLOEXEC, at->ai_protocol);
        if (fd >= 0 && ::connect(fd, at->ai_addr, at->ai_addrlen) != 0) {
            ::close(fd);
            fd = -1;
        }
    }
    ::freeaddrinfo(found);
    if (fd >= 0) {
        const int on = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    }
    return fd;
}

// Reads what `from` has into `into` (or nowhere, dropping). False when `from` closed or failed.
bool pull(int from, std::string* into)
{
    char buffer[16384];
    for (;;) {
        const ssize_t n = ::read(from, buffer, sizeof buffer);
        if (n > 0) {
            if (into)
                into->append(buffer, static_cast<size_t>(n));
            if (into && into->size() >= bufferedMost)
                return true;
            continue;
        }
        if (n == 0)
            return false;
        if (errno == EINTR)
            continue;
        return errno == EAGAIN || errno == EWOULDBLOCK;
    }
}

// Writes what it can of `pending` to `to`. False when `to` failed.
bool push(int to, std::string& pending)
{
    while (!pending.empty()) {
        const ssize_t n = ::send(to, pending.data(), pending.size(), MSG_NOSIGNAL);
        if (n > 0) {
            pending.erase(0, static_cast<size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
    }
    return true;
}

void closeLink(Link& link)
{
    if (link.client >= 0)
        ::close(link.client);
    if (link.server >= 0)
        ::close(link.server);
    link.client = link.server = -1;
}

} // namespace

Result<std::unique_ptr<ChaosProxy>> ChaosProxy::start(const std::string& targetHost, int targetPort)
{
    const int listenFd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (listenFd < 0)
        return systemError("socket");
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK); // loopback only: nothing beyond this machine
    address.sin_port = 0;
    socklen_t length = sizeof address;
    if (::bind(listenFd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0
        || ::listen(listenFd, 64) != 0
        || ::getsockname(listenFd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        auto error = systemError("proxy listen");
        ::close(listenFd);
        return error;
    }
    int wake[2];
    if (::pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        auto error = systemError("pipe");
        ::close(listenFd);
        return error;
    }
    std::unique_ptr<ChaosProxy> proxy(
        new ChaosProxy(listenFd, ntohs(address.sin_port), wake[0], wake[1], targetHost, targetPort));
    proxy->m_thread = std::thread([raw = proxy.get()] { raw->loop(); });
    return proxy;
}

ChaosProxy::ChaosProxy(
    int listenFd, int port, int wakeRead, int wakeWrite, std::string targetHost, int targetPort)
    : m_listenFd(listenFd)
    , m_port(port)
    , m_wakeRead(wakeRead)
    , m_wakeWrite(wakeWrite)
    , m_targetHost(std::move(targetHost))
    , m_targetPort(targetPort)
{
}

ChaosProxy::~ChaosProxy()
{
    m_stopping.store(true, std::memory_order_release);
    wake();
    if (m_thread.joinable())
        m_thread.join();
    ::close(m_listenFd);
    ::close(m_wakeRead);
    ::close(m_wakeWrite);
}

void ChaosProxy::setMode(Mode mode)
{
    m_mode.store(mode, std::memory_order_release);
    wake();
}

void ChaosProxy::wake()
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(m_wakeWrite, &byte, 1);
}

void ChaosProxy::loop()
{
    std::vector<Link> links;
    std::vector<pollfd> polled;
    while (!m_stopping.load(std::memory_order_acquire)) {
        const Mode mode = m_mode.load(std::memory_order_acquire);
        polled.clear();
        polled.push_back({m_listenFd, POLLIN, 0});
        polled.push_back({m_wakeRead, POLLIN, 0});
        // Stalled: the connections are not even polled, so nothing is read or written and the
        // bytes wait in the kernel's buffers (a peer that closed is noticed after the heal).
        const bool forwarding = mode != Mode::Stall;
        for (size_t i = 0; forwarding && i < links.size(); ++i) {
            const Link& link = links[i];
            short clientEvents = link.toServer.size() < bufferedMost ? POLLIN : 0;
            short serverEvents = link.toClient.size() < bufferedMost ? POLLIN : 0;
            if (!link.toClient.empty())
                clientEvents |= POLLOUT;
            if (!link.toServer.empty())
                serverEvents |= POLLOUT;
            polled.push_back({link.client, clientEvents, 0});
            polled.push_back({link.server, serverEvents, 0});
        }
        if (::poll(polled.data(), polled.size(), 100) < 0 && errno != EINTR)
            return;
        if (polled[1].revents & POLLIN) {
            char drain[64];
            while (::read(m_wakeRead, drain, sizeof drain) > 0) { }
        }
        // The mode may have changed while poll() waited: bytes a client sent after setMode()
        // must meet the new mode (a SET sent into a drop must never reach the server), so the
        // mode is read again before anything is moved.
        const Mode now = m_mode.load(std::memory_order_acquire);
        const bool moving = forwarding && now != Mode::Stall;
        for (size_t i = 0; moving && i < links.size(); ++i) {
            Link& link = links[i];
            const pollfd& client = polled[2 + 2 * i];
            const pollfd& server = polled[3 + 2 * i];
            bool alive = true;
            // Dropping: read and discard, in both directions; what was buffered is lost too.
            std::string* toServer = now == Mode::Drop ? nullptr : &link.toServer;
            std::string* toClient = now == Mode::Drop ? nullptr : &link.toClient;
            if (now == Mode::Drop) {
                link.toServer.clear();
                link.toClient.clear();
            }
            if (client.revents & (POLLIN | POLLHUP | POLLERR))
                alive = pull(link.client, toServer) && alive;
            if (server.revents & (POLLIN | POLLHUP | POLLERR))
                alive = pull(link.server, toClient) && alive;
            // What a peer sent before it closed is still delivered, as TCP would (a client
            // that gave up during a stall has its command reach the server after the heal).
            if (!link.toServer.empty())
                alive = push(link.server, link.toServer) && alive;
            if (!link.toClient.empty())
                alive = push(link.client, link.toClient) && alive;
            if (!alive)
                closeLink(link);
        }
        std::erase_if(links, [](const Link& link) { return link.client < 0; });
        if (polled[0].revents & POLLIN) {
            for (;;) {
                const int client = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
                if (client < 0)
                    break;
                const int server = connectTo(m_targetHost, m_targetPort);
                if (server < 0) {
                    ::close(client); // the server is down: the client sees the connection close
                    continue;
                }
                const int on = 1;
                ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
                links.push_back(Link {client, server, {}, {}});
            }
        }
    }
    for (Link& link : links)
        closeLink(link);
}

} // namespace lockscope
