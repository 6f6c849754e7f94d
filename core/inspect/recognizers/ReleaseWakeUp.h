#pragma once

#include <string>

namespace lockscope {

// How a forced release wakes the lock's waiters the way its library's own release does: a
// PUBLISH of `message` on `channel`, or, for a fair queue, on `channel:<head waiter>` so that
// only the waiter whose turn it is wakes.
struct ReleaseWakeUp
{
    std::string channel;
    std::string message = "0";
    bool toHeadWaiter = false;
};

} // namespace lockscope
