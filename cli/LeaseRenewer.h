#pragma once

#include "locks/DistributedLock.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include <sys/types.h>

namespace lockscope {

// Renews the hold every lease/3 while COMMAND runs. A Lost answer, a renewal failure flagged by
// the lock, or a full lease without one successful renewal means the hold is gone: COMMAND
// gets SIGTERM (SIGKILL ten seconds later if it ignores that).
class LeaseRenewer
{
public:
    LeaseRenewer(DistributedLock& lock, std::chrono::milliseconds lease, pid_t child);
    ~LeaseRenewer();
    LeaseRenewer(const LeaseRenewer&) = delete;
    LeaseRenewer& operator=(const LeaseRenewer&) = delete;

    void stop();
    bool lost() const { return m_lost.load(); }
    std::string reason() const;

private:
    // Sleeps up to `period`; false when asked to stop.
    bool sleepFor(std::chrono::milliseconds period);
    void declareLost(std::string reason);
    void loop();

    DistributedLock& m_lock;
    std::chrono::milliseconds m_lease;
    pid_t m_child;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::atomic<bool> m_lost {false};
    std::string m_reason;
    std::thread m_thread;
};

} // namespace lockscope
