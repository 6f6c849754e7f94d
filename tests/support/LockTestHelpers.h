#pragma once

#include "inspect/LockSnapshot.h"
#include "locks/DistributedLock.h"

#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace lockscope::test {

// Acquire options for one attempt that does not wait.
inline AcquireOptions tryOnce(std::chrono::milliseconds lease = std::chrono::seconds(30))
{
    AcquireOptions options;
    options.lease = lease;
    options.wait = std::chrono::milliseconds(0);
    return options;
}

// Acquire options that wait up to `wait` for the lock.
inline AcquireOptions waitUpTo(
    std::chrono::milliseconds wait, std::chrono::milliseconds lease = std::chrono::seconds(30))
{
    AcquireOptions options;
    options.lease = lease;
    options.wait = wait;
    return options;
}

// The wall clock in epoch milliseconds, as the timestamp locks and Redisson's queues write it.
inline long long epochMillis()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// Polls a condition (test-side only) until it holds or `limit` passes; true if it held.
template <class Predicate>
bool eventually(Predicate predicate, std::chrono::milliseconds limit = std::chrono::seconds(5))
{
    const auto giveUpAt = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < giveUpAt) {
        if (predicate())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return predicate();
}

} // namespace lockscope::test
