#include "inspect/scan/ServerLoadBudget.h"

#include "common/CancellationToken.h"

#include <algorithm>
#include <thread>

namespace lockscope {

ServerLoadBudget::ServerLoadBudget(double share)
    : m_share(share)
{
}

void ServerLoadBudget::pauseAfter(Clock::duration busy, const CancellationToken* cancel)
{
    if (!isOn() || busy <= Clock::duration::zero())
        return;
    const auto wait = std::chrono::duration_cast<Clock::duration>(busy * ((1 - m_share) / m_share));
    const auto until = Clock::now() + wait;
    while (Clock::now() < until && !(cancel && cancel->isCancelled()))
        std::this_thread::sleep_for(
            std::min<Clock::duration>(until - Clock::now(), std::chrono::milliseconds(50)));
    m_paused += wait;
}

} // namespace lockscope
