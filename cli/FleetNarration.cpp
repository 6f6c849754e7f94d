#include "cli/FleetNarration.h"

namespace lockscope {

std::string FleetNarration::watching(const WatchingMode& mode, size_t lockCount, bool again)
{
    return std::string(again ? "connected again; " : "") + mode.description + "; " + std::to_string(lockCount)
        + " lock(s) now";
}

std::string FleetNarration::gap(long long fromMs, long long untilMs, const std::string& reason)
{
    return reason + " (" + std::to_string(untilMs - fromMs) + " ms not heard)";
}

std::string FleetNarration::gaveUp(const RedisError& error)
{
    return error.toString() + "; not retried: the settings (password, user, ACL) need fixing";
}

std::string FleetNarration::skipped(long long skipped, long long lagMs)
{
    return std::to_string(skipped)
        + " keyspace notifications not read so far (more changes than the watcher's budget for keys "
          "of no known lock, or it fell behind and re-listed); the next re-listing finds any lock among "
          "them; last reads waited "
        + std::to_string(lagMs) + " ms";
}

} // namespace lockscope
