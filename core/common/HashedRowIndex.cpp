#include "common/HashedRowIndex.h"

#include <algorithm>
#include <bit>

namespace lockscope {

void HashedRowIndex::clear()
{
    m_slots.clear();
    m_used = 0;
}

void HashedRowIndex::reserve(size_t rows)
{
    // At most half full: a lookup of a key that is not there stops at an empty slot soon.
    const size_t capacity = std::bit_ceil(std::max<size_t>(16, rows * 2));
    if (capacity > m_slots.size())
        grow(capacity);
}

void HashedRowIndex::insert(size_t hash, int row)
{
    reserve(m_used + 1);
    place({tagOf(hash), std::int32_t(row)});
    ++m_used;
}

void HashedRowIndex::place(Slot slot)
{
    const size_t mask = m_slots.size() - 1;
    size_t at = slot.tag & mask;
    while (m_slots[at].row >= 0)
        at = (at + 1) & mask;
    m_slots[at] = slot;
}

void HashedRowIndex::grow(size_t capacity)
{
    std::vector<Slot> old(capacity);
    old.swap(m_slots);
    for (const Slot& slot : old)
        if (slot.row >= 0)
            place(slot);
}

} // namespace lockscope
