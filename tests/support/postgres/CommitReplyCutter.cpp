#include "support/postgres/CommitReplyCutter.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

namespace lockscope::test {

namespace {

// Writes all of `data`; false when the peer is gone.
bool sendAll(int fd, const char* data, size_t size)
{
    while (size > 0) {
        const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

int connectToServer(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// A backend message is a type byte and a 32-bit big-endian length that counts itself.
size_t messageSize(const std::string& buffer)
{
    if (buffer.size() < 5)
        return 0;
    uint32_t length = 0;
    std::memcpy(&length, buffer.data() + 1, 4);
    length = ntohl(length);
    return buffer.size() >= length + 1 ? length + 1 : 0;
}

bool confirmsCommit(const std::string& buffer, size_t size)
{
    static const std::string tag("COMMIT", 7); // CommandComplete's tag, NUL included
    return buffer[0] == 'C' && size == 5 + tag.size() && buffer.compare(5, tag.size(), tag) == 0;
}

} // namespace

Result<std::unique_ptr<CommitReplyCutter>> CommitReplyCutter::start(int serverPort)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0
        || ::listen(fd, 8) != 0 || ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        if (fd >= 0)
            ::close(fd);
        return makeError(ErrorKind::Internal, std::string("commit reply cutter: ") + std::strerror(errno));
    }
    std::unique_ptr<CommitReplyCutter> cutter(new CommitReplyCutter(fd, ntohs(address.sin_port), serverPort));
    cutter->m_acceptThread = std::thread([raw = cutter.get()] { raw->acceptLoop(); });
    return cutter;
}

CommitReplyCutter::CommitReplyCutter(int listenFd, int port, int serverPort)
    : m_listenFd(listenFd)
    , m_port(port)
    , m_serverPort(serverPort)
{
}

CommitReplyCutter::~CommitReplyCutter()
{
    m_stopping = true;
    ::shutdown(m_listenFd, SHUT_RDWR);
    m_acceptThread.join();
    {
        std::lock_guard lock(m_mutex);
        for (int fd : m_fds)
            ::shutdown(fd, SHUT_RDWR);
    }
    for (auto& thread : m_threads)
        thread.join();
    ::close(m_listenFd);
}

std::string CommitReplyCutter::url(const std::string& database, const std::string& user) const
{
    return "postgresql://" + user + "@127.0.0.1:" + std::to_string(m_port) + "/" + database
        + "?sslmode=disable&gssencmode=disable";
}

void CommitReplyCutter::acceptLoop()
{
    while (!m_stopping) {
        const int client = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        const int server = connectToServer(m_serverPort);
        if (server < 0) {
            ::close(client);
            continue;
        }
        std::lock_guard lock(m_mutex);
        m_fds.push_back(client);
        m_fds.push_back(server);
        m_threads.emplace_back([this, client, server] { carry(client, server); });
    }
}

void CommitReplyCutter::carry(int client, int server)
{
    std::string fromServer;
    char chunk[16384];
    bool open = true;
    while (open && !m_stopping) {
        pollfd fds[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
            open = errno == EINTR;
            continue;
        }
        if (fds[0].revents) {
            const ssize_t n = ::read(client, chunk, sizeof chunk);
            open = n > 0 && sendAll(server, chunk, static_cast<size_t>(n));
        }
        if (open && fds[1].revents) {
            const ssize_t n = ::read(server, chunk, sizeof chunk);
            open = n > 0;
            if (open)
                fromServer.append(chunk, static_cast<size_t>(n));
            // Whole messages only, so that a COMMIT confirmation is seen before it is passed on.
            while (open) {
                const size_t size = messageSize(fromServer);
                if (size == 0)
                    break;
                if (confirmsCommit(fromServer, size) && m_armed.exchange(false)) {
                    ++m_cut;
                    open = false;
                    break;
                }
                open = sendAll(client, fromServer.data(), size);
                fromServer.erase(0, size);
            }
        }
    }
    std::lock_guard lock(m_mutex);
    for (int fd : {client, server}) {
        ::shutdown(fd, SHUT_RDWR);
        ::close(fd);
        m_fds.erase(std::remove(m_fds.begin(), m_fds.end(), fd), m_fds.end());
    }
}

} // namespace lockscope::test
