#include "inspect/watch/ExpirySchedule.h"

#include <utility>

namespace lockscope {

void ExpirySchedule::set(const LockIdView& id, Slot& slot, Clock::time_point deadline)
{
    if (slot.at != Slot::npos) {
        Entry& entry = m_heap[slot.at];
        const bool earlier = deadline < entry.deadline;
        entry.deadline = deadline;
        entry.id = &id;
        if (earlier)
            siftUp(slot.at);
        else
            siftDown(slot.at);
        return;
    }
    m_heap.push_back({deadline, &id, &slot});
    slot.at = m_heap.size() - 1;
    siftUp(slot.at);
}

void ExpirySchedule::remove(Slot& slot)
{
    if (slot.at != Slot::npos)
        takeOut(slot.at);
}

std::optional<ExpirySchedule::Clock::time_point> ExpirySchedule::earliest() const
{
    if (m_heap.empty())
        return std::nullopt;
    return m_heap.front().deadline;
}

std::vector<const LockIdView*> ExpirySchedule::takeDue(Clock::time_point now)
{
    std::vector<const LockIdView*> due;
    while (!m_heap.empty() && m_heap.front().deadline <= now) {
        due.push_back(m_heap.front().id);
        takeOut(0);
    }
    return due;
}

void ExpirySchedule::put(size_t at, Entry entry)
{
    entry.slot->at = at;
    m_heap[at] = entry;
}

void ExpirySchedule::siftUp(size_t at)
{
    Entry moving = m_heap[at];
    while (at > 0) {
        const size_t parent = (at - 1) / 2;
        if (!(moving.deadline < m_heap[parent].deadline))
            break;
        put(at, m_heap[parent]);
        at = parent;
    }
    put(at, moving);
}

void ExpirySchedule::siftDown(size_t at)
{
    Entry moving = m_heap[at];
    const size_t count = m_heap.size();
    for (;;) {
        size_t child = 2 * at + 1;
        if (child >= count)
            break;
        if (child + 1 < count && m_heap[child + 1].deadline < m_heap[child].deadline)
            ++child;
        if (!(m_heap[child].deadline < moving.deadline))
            break;
        put(at, m_heap[child]);
        at = child;
    }
    put(at, moving);
}

void ExpirySchedule::takeOut(size_t at)
{
    m_heap[at].slot->at = Slot::npos;
    const Entry last = m_heap.back();
    m_heap.pop_back();
    if (at == m_heap.size())
        return;
    put(at, last);
    siftUp(at);
    siftDown(last.slot->at);
}

} // namespace lockscope
