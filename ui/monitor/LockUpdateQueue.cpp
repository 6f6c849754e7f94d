#include "monitor/LockUpdateQueue.h"

namespace lockscope::ui {

bool LockUpdateQueue::push(LockUpdateBatch batch)
{
    std::lock_guard lock(m_mutex);
    const bool wasEmpty = m_pending.isEmpty();
    m_pending.append(std::move(batch));
    return wasEmpty;
}

LockUpdateBatch LockUpdateQueue::take()
{
    std::lock_guard lock(m_mutex);
    return std::exchange(m_pending, LockUpdateBatch {});
}

} // namespace lockscope::ui
