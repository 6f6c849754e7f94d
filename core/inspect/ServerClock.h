#pragma once

#include "common/Result.h"

#include <chrono>
#include <optional>

namespace lockscope {

class RedisConnection;

// The server's clock (TIME), which the recognisers judge deadlines by so that the client's clock
// skew does not matter. A watcher re-reads locks many times a second: between two readings of
// TIME, at most `maxAge` apart, the last reading is carried forward by the local steady clock,
// which costs no round trip (a skew that moves by a millisecond within `maxAge` is no concern
// for deadlines in milliseconds). A `maxAge` of zero reads TIME every time.
class ServerClock
{
public:
    explicit ServerClock(std::chrono::milliseconds maxAge);

    // Epoch milliseconds on the server now; a TIME reply of the wrong shape is an error.
    Result<long long> nowMs(RedisConnection& connection);

private:
    using Clock = std::chrono::steady_clock;
    std::chrono::milliseconds m_maxAge;
    std::optional<Clock::time_point> m_readAt;
    long long m_serverMsAtRead = 0;
};

} // namespace lockscope
