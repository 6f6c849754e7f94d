#pragma once

#include "common/Result.h"

#include <chrono>
#include <cstddef>
#include <optional>

namespace lockscope {

using Clock = std::chrono::steady_clock;
// No deadline means "wait as long as it takes" (subscriptions).
using Deadline = std::optional<Clock::time_point>;

// A byte stream to a server: plain TCP, a unix socket, or TLS over either. RedisConnection
// owns one and speaks RESP over it; the transport knows nothing about Redis.
class Transport
{
public:
    virtual ~Transport() = default;

    virtual Status writeAll(const char* data, size_t size, Deadline deadline) = 0;
    // Reads at least one byte, at most `capacity`; Timeout when the deadline passes first,
    // Disconnected on end of stream.
    virtual Result<size_t> readSome(char* buffer, size_t capacity, Deadline deadline) = 0;
    // True when the peer has closed or reset an idle stream (checked without blocking before a
    // command is sent, so a server restart is noticed before a command is lost to it).
    virtual bool peerClosed() = 0;
    virtual void close() = 0;
};

// Waits until fd is readable (or writable); Timeout error when the deadline passes.
Status waitForFd(int fd, bool forWrite, Deadline deadline);

} // namespace lockscope
