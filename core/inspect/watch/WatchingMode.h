#pragma once

#include <optional>
#include <string>

namespace lockscope {

// How a watch follows the locks, as data for whoever records it (see LockWatcher::mode()).
struct WatchingMode
{
    std::string description; // in words, for people ("watching through keyspace notifications")
    // Set while the watcher polls: changes are seen up to one interval late and a hold shorter
    // than the interval may not be seen at all. Unset: every change is notified.
    std::optional<long long> pollIntervalMs;
};

} // namespace lockscope
