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

} // namespace lockscope
