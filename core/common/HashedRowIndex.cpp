#include "common/HashedRowIndex.h"

#include <algorithm>
#include <bit>
#include <new>

namespace lockscope {

void HashedRowIndex::clear()
{
    m_slots.reset();
    m_capacity = 0;
    m_used = 0;
}

void HashedRowIndex::reserve(size_t rows)
{
    // At most half full: a lookup of a key that is not there stops at an empty slot soon.
    const size_t capacity = std::bit_ceil(std::max<size_t>(16, rows * 2));
    if (capacity > m_capacity)
        grow(capacity);
}

void HashedRowIndex::insert(size_t hash, int row)
{
    reserve(m_used + 1);
    place({tagOf(hash), std::uint32_t(row) + 1});
    ++m_used;
}

void HashedRowIndex::place(Slot slot)
{
    const size_t mask = m_capacity - 1;
    size_t at = slot.tag & mask;
    while (m_slots[at].rowPlusOne != 0)
        at = (at + 1) & mask;
    m_slots[at] = slot;
}

void HashedRowIndex::grow(size_t capacity)
{
    auto* fresh = static_cast<Slot*>(std::calloc(capacity, sizeof(Slot)));
    if (!fresh)
        throw std::bad_alloc();
    std::unique_ptr<Slot[], FreeSlots> old(fresh);
    old.swap(m_slots);
    const size_t oldCapacity = m_capacity;
    m_capacity = capacity;
    for (size_t at = 0; at < oldCapacity; ++at)
        if (old[at].rowPlusOne != 0)
            place(old[at]);
}

} // namespace lockscope
