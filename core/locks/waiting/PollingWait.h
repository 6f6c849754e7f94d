#pragma once

#include "locks/DistributedLock.h"
#include "locks/waiting/WaiterRegistry.h"

#include <chrono>
#include <functional>
#include <mutex>
#include <vector>

namespace lockscope {

// The waiting loop of the kinds that poll (legacy, naive, token, redlock), as their own
// libraries do: try, and while someone else holds the lock sleep a jittered, growing delay,
// honouring the wait limit and the cancellation token, with the waiter registered for the
// monitor between the first failed try and the end of the wait.
class PollingWait
{
public:
    struct Backoff
    {
        std::chrono::milliseconds first {10};
        std::chrono::milliseconds max {200};
    };
    // One attempt: true when acquired, false when someone else holds the lock.
    using Attempt = std::function<Result<bool>()>;

    // Registrations are entered on the first failed attempt and left when the loop ends
    // (acquired, timed out, cancelled or failed). A registration that cannot be written does
    // not stop the wait: it is a courtesy to the monitor, not part of the lock.
    // `connectionGuard`, when given, is held around each attempt and registration write (never
    // during the sleeps), so that another thread may ask isHeld() on the same connection.
    static Result<AcquireResult> run(const AcquireOptions& options, const Attempt& attempt,
        const std::vector<WaiterRegistry*>& registrations, std::mutex* connectionGuard, Backoff backoff);
    static Result<AcquireResult> run(const AcquireOptions& options, const Attempt& attempt,
        const std::vector<WaiterRegistry*>& registrations, std::mutex* connectionGuard)
    {
        return run(options, attempt, registrations, connectionGuard, Backoff {});
    }
};

} // namespace lockscope
