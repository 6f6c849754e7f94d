#include "inspect/ExpirySchedule.h"

namespace lockscope {

void ExpirySchedule::set(const std::string& id, Slot& slot, Clock::time_point deadline)
{
    remove(id, slot);
    m_queue.emplace(deadline, &id);
    slot = deadline;
}

void ExpirySchedule::remove(const std::string& id, Slot& slot)
{
    if (!slot)
        return;
    m_queue.erase({*slot, &id});
    slot.reset();
}

std::optional<ExpirySchedule::Clock::time_point> ExpirySchedule::earliest() const
{
    if (m_queue.empty())
        return std::nullopt;
    return m_queue.begin()->first;
}

std::vector<const std::string*> ExpirySchedule::takeDue(Clock::time_point now)
{
    std::vector<const std::string*> due;
    while (!m_queue.empty() && m_queue.begin()->first <= now) {
        due.push_back(m_queue.begin()->second);
        m_queue.erase(m_queue.begin());
    }
    return due;
}

} // namespace lockscope
