#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>

namespace lockscope {

// Why the watchdog stopped keeping a hold alive.
enum class RenewalEvent
{
    HoldGone, // a renewal found the hold no longer ours (deleted, expired, taken over)
    Unreachable, // renewals failed for a whole lease: the hold has expired by now
    CapReached, // maxRenewals reached: no more renewals, the hold ends one lease after the last
};

// What the watchdog tells one hold, read by the holder from any thread. The first event is
// final: the watchdog renews that hold no more and the holder must stop touching the protected
// resource (for CapReached, before the last lease runs out).
class RenewalState
{
public:
    using Handler = std::function<void(RenewalEvent)>;

    explicit RenewalState(Handler handler = {})
        : m_handler(std::move(handler))
    {
    }

    int renewals() const { return m_renewals.load(std::memory_order_acquire); }
    bool stopped() const { return m_event.load(std::memory_order_acquire) >= 0; }
    std::optional<RenewalEvent> event() const
    {
        const int value = m_event.load(std::memory_order_acquire);
        if (value < 0)
            return std::nullopt;
        return static_cast<RenewalEvent>(value);
    }

    void recordRenewal() { m_renewals.fetch_add(1, std::memory_order_acq_rel); }
    // Records the first event and calls the handler (on the watchdog's thread) once.
    void report(RenewalEvent event)
    {
        int expected = -1;
        if (!m_event.compare_exchange_strong(expected, static_cast<int>(event), std::memory_order_acq_rel))
            return;
        if (m_handler)
            m_handler(event);
    }

private:
    Handler m_handler;
    std::atomic<int> m_renewals {0};
    std::atomic<int> m_event {-1};
};

} // namespace lockscope
