#include "locks/lease/HoldRenewal.h"

namespace lockscope {

void HoldRenewal::watch(const ConnectionOptions& server, LockWatchdog::Renewal renewal)
{
    if (!m_watchdog)
        m_watchdog = LockWatchdog::sharedFor(server);
    m_state = std::make_shared<RenewalState>(m_handler);
    renewal.state = m_state;
    m_watchId = m_watchdog->watch(std::move(renewal));
}

void HoldRenewal::end()
{
    if (m_watchId && m_watchdog)
        m_watchdog->unwatch(*m_watchId);
    m_watchId.reset();
}

} // namespace lockscope
