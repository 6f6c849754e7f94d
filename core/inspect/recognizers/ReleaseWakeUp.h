#pragma once

#include <string>
#include <vector>

namespace lockscope {

// How a forced release wakes the lock's waiters the way its library's own release does, in the
// same script as the compare-and-delete.
struct ReleaseWakeUp
{
    // A PUBLISH of `message` on `channel`, or, for a fair queue, on `channel:<head waiter>` so
    // that only the waiter whose turn it is wakes.
    std::string channel;
    std::string message = "0";
    bool toHeadWaiter = false;
    // Also SPUBLISH on the same channel: Redisson 3.22+ publishes that way where the server has
    // sharded pub/sub, and the tool cannot see which way the application subscribed. A server
    // without SPUBLISH (before 7.0) ignores it.
    bool alsoSharded = false;
    // Channels that get the same message besides `channel` (Spring Integration: every way its
    // key could split into registry key and lock key; the ones nobody listens on cost nothing).
    std::vector<std::string> moreChannels;
    // A list the waiters block on (python-redis-lock's lock-signal:<name>): emptied, then given
    // one element that expires after signalExpireMs, exactly as the library's own release does;
    // one element wakes one waiter, and a stale element never lingers.
    std::string signalList;
    long long signalExpireMs = 1000;

    bool wakesAnyone() const { return !channel.empty() || !moreChannels.empty() || !signalList.empty(); }
};

} // namespace lockscope
