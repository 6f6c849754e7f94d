#pragma once

#include "locks/lease/LockWatchdog.h"

#include <memory>
#include <optional>

namespace lockscope {

// The watchdog's part of one lock object (RedissonHashLock, Semaphore): the watchdog that renews
// its holds (the one given, else its server's shared one, found on first use), the current hold's
// RenewalState and its watch. Not thread-safe: the owner calls it under its own rules.
class HoldRenewal
{
public:
    explicit HoldRenewal(std::shared_ptr<LockWatchdog> watchdog)
        : m_watchdog(std::move(watchdog))
    {
    }

    // A new hold: the previous hold's state is forgotten.
    void forget() { m_state.reset(); }
    // Has the watchdog renew the new hold with `renewal` (its state is filled in here).
    void watch(const ConnectionOptions& server, LockWatchdog::Renewal renewal);
    // The hold ended: no more renewals (its state stays readable).
    void end();

    bool failed() const { return m_state && m_state->stopped(); }
    // The watchdog's view of the current hold (null when it is not renewed).
    std::shared_ptr<const RenewalState> state() const { return m_state; }
    // Called on the watchdog's thread when it stops renewing a hold begun after this call.
    void setHandler(RenewalState::Handler handler) { m_handler = std::move(handler); }

private:
    std::shared_ptr<LockWatchdog> m_watchdog;
    std::shared_ptr<RenewalState> m_state;
    std::optional<LockWatchdog::WatchId> m_watchId;
    RenewalState::Handler m_handler;
};

} // namespace lockscope
