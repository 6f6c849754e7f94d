#pragma once

#include "common/RedisError.h"
#include "common/UserText.h"
#include "inspect/watch/WatchingMode.h"

#include <chrono>
#include <optional>

namespace lockscope {

// Where the watch of one server stands (ServerWatch), as data: the CLI words it on stderr, the
// GUI in its status bar.
struct WatchStatus
{
    enum class State
    {
        Connecting, // opening the connections (again, after Reconnecting)
        Listing, // connected: choosing how to watch and listing the locks
        Live, // following the changes
        Reconnecting, // lost (or not reached) for `reason`: the next attempt is in `retryIn`
        GaveUp, // the server's settings are wrong (`reason`: password, ACL): not retried
    };
    State state = State::Connecting;
    // Connecting, Listing, Reconnecting: the attempt since the watch was last live (0: the
    // first one; Reconnecting names the next).
    int attempt = 0;
    std::optional<RedisError> reason; // Reconnecting, GaveUp
    std::chrono::milliseconds retryIn {0}; // Reconnecting
    std::optional<WatchingMode> mode; // Live: how it follows the changes
    UserText description; // Live: the same in a sentence for people
};

} // namespace lockscope
