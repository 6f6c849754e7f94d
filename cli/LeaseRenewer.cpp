#include "cli/LeaseRenewer.h"

#include <algorithm>
#include <csignal>

#include <signal.h>

namespace lockscope {

using SteadyClock = std::chrono::steady_clock;

LeaseRenewer::LeaseRenewer(DistributedLock& lock, std::chrono::milliseconds lease, pid_t child)
    : m_lock(lock)
    , m_lease(lease)
    , m_child(child)
    , m_thread([this] { loop(); })
{
}

LeaseRenewer::~LeaseRenewer()
{
    stop();
}

void LeaseRenewer::stop()
{
    {
        std::lock_guard guard(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

std::string LeaseRenewer::reason() const
{
    std::lock_guard guard(m_mutex);
    return m_reason;
}

bool LeaseRenewer::sleepFor(std::chrono::milliseconds period)
{
    std::unique_lock guard(m_mutex);
    return !m_wake.wait_for(guard, period, [this] { return m_stopping; });
}

void LeaseRenewer::declareLost(std::string reason)
{
    {
        std::lock_guard guard(m_mutex);
        m_reason = std::move(reason);
    }
    m_lost.store(true);
    ::kill(m_child, SIGTERM);
    if (sleepFor(std::chrono::seconds(10)))
        ::kill(m_child, SIGKILL);
}

void LeaseRenewer::loop()
{
    const auto period = std::max(m_lease / 3, std::chrono::milliseconds(1));
    auto lastRenewal = SteadyClock::now();
    auto next = period;
    while (sleepFor(next)) {
        if (m_lock.renewalFailed())
            return declareLost("its renewal failed");
        auto renewed = m_lock.extend(m_lease);
        if (renewed && *renewed == HoldOutcome::Done) {
            lastRenewal = SteadyClock::now();
            next = period;
            continue;
        }
        if (renewed)
            return declareLost("it was gone when its lease was renewed");
        if (SteadyClock::now() - lastRenewal >= m_lease)
            return declareLost("no renewal succeeded for a whole lease (" + renewed.error().toString() + ")");
        next = std::min(period, std::chrono::milliseconds(500)); // try again soon
    }
}

} // namespace lockscope
