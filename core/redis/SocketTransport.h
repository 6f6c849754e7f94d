#pragma once

#include "redis/Transport.h"

#include <memory>
#include <string>

namespace lockscope {

// A non-blocking TCP or unix-domain socket with deadlines enforced by poll().
class SocketTransport final : public Transport
{
public:
    static Result<std::unique_ptr<SocketTransport>> connectTcp(
        const std::string& host, int port, Deadline deadline);
    static Result<std::unique_ptr<SocketTransport>> connectUnix(const std::string& path, Deadline deadline);
    ~SocketTransport() override;

    Status writeAll(const char* data, size_t size, Deadline deadline) override;
    Result<size_t> readSome(char* buffer, size_t capacity, Deadline deadline) override;
    bool peerClosed() override;
    void close() override;

    int fd() const { return m_fd; }

private:
    explicit SocketTransport(int fd)
        : m_fd(fd)
    {
    }
    int m_fd = -1;
    // Bytes were written since the last read: the next read starts by waiting for the reply.
    bool m_replyPending = false;
};

} // namespace lockscope
