#include "faults/FencedResource.h"

namespace lockscope {

bool FencedResource::write(
    const std::string& writer, const std::string& value, std::optional<long long> fence)
{
    std::lock_guard guard(m_mutex);
    bool accepted = true;
    if (m_enforceFences)
        accepted = fence && (!m_highestFence || *fence > *m_highestFence);
    if (accepted) {
        m_value = value;
        if (fence)
            m_highestFence = fence;
    }
    m_history.push_back({writer, value, fence, accepted});
    return accepted;
}

std::string FencedResource::value() const
{
    std::lock_guard guard(m_mutex);
    return m_value;
}

std::vector<FencedResource::Write> FencedResource::history() const
{
    std::lock_guard guard(m_mutex);
    return m_history;
}

} // namespace lockscope
