#include "inspect/ExpirySchedule.h"

namespace lockscope {

void ExpirySchedule::set(const std::string& id, Clock::time_point deadline)
{
    remove(id);
    const auto added = m_byId.emplace(id, deadline).first;
    m_queue.emplace(deadline, &added->first);
}

void ExpirySchedule::remove(const std::string& id)
{
    auto it = m_byId.find(id);
    if (it == m_byId.end())
        return;
    m_queue.erase({it->second, &it->first});
    m_byId.erase(it);
}

std::optional<ExpirySchedule::Clock::time_point> ExpirySchedule::earliest() const
{
    if (m_queue.empty())
        return std::nullopt;
    return m_queue.begin()->first;
}

std::vector<std::string> ExpirySchedule::takeDue(Clock::time_point now)
{
    std::vector<std::string> due;
    while (!m_queue.empty() && m_queue.begin()->first <= now) {
        due.push_back(*m_queue.begin()->second);
        m_queue.erase(m_queue.begin());
        m_byId.erase(due.back());
    }
    return due;
}

} // namespace lockscope
