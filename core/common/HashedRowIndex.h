#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lockscope {

// Rows (of a table, of a vector) by key, without a copy of the keys: the caller keeps each
// row's key and its hash, and a lookup asks the caller whether a row whose hash matches is the
// one (comparing its key, so two keys with the same hash stay apart). Open addressing over row
// numbers, at most half full: a few words a row, where a hash map would keep a second copy of
// every key and a node for each. Used by the monitor's table (a row per lock) and by the
// inspector's candidate keys.
class HashedRowIndex
{
public:
    void clear();
    // Makes room for `rows` rows without growing again.
    void reserve(size_t rows);
    // Adds `row`, whose key hashes to `hash`; the caller adds each row once.
    void insert(size_t hash, int row);
    // The row whose key hashes to `hash` and for which `isRow(row)` says yes, or -1.
    template <typename IsRow>
    int find(size_t hash, const IsRow& isRow) const
    {
        if (m_slots.empty())
            return -1;
        const size_t mask = m_slots.size() - 1;
        const auto tag = tagOf(hash);
        for (size_t at = tag & mask;; at = (at + 1) & mask) {
            const Slot& slot = m_slots[at];
            if (slot.row < 0)
                return -1;
            if (slot.tag == tag && isRow(int(slot.row)))
                return int(slot.row);
        }
    }
    size_t size() const { return m_used; }

private:
    struct Slot
    {
        // The hash folded to 32 bits: it places the row, and tells most rows that are not the
        // one apart without reading their keys.
        std::uint32_t tag = 0;
        std::int32_t row = -1; // -1: empty
    };
    static std::uint32_t tagOf(size_t hash)
    {
        return std::uint32_t(std::uint64_t(hash) ^ (std::uint64_t(hash) >> 32));
    }
    void place(Slot slot);
    void grow(size_t capacity);

    std::vector<Slot> m_slots; // a power of two long, or empty
    size_t m_used = 0;
};

} // namespace lockscope
