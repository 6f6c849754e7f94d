#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

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
        if (m_capacity == 0)
            return -1;
        const size_t mask = m_capacity - 1;
        const auto tag = tagOf(hash);
        for (size_t at = tag & mask;; at = (at + 1) & mask) {
            const Slot& slot = m_slots[at];
            if (slot.rowPlusOne == 0)
                return -1;
            if (slot.tag == tag && isRow(int(slot.rowPlusOne - 1)))
                return int(slot.rowPlusOne - 1);
        }
    }
    size_t size() const { return m_used; }

private:
    struct Slot
    {
        // The hash folded to 32 bits: it places the row, and tells most rows that are not the
        // one apart without reading their keys.
        std::uint32_t tag = 0;
        // The row plus one, 0 for an empty slot: all-zero slots are empty, so room for a
        // million rows comes from calloc as untouched pages (filled as rows arrive) rather than
        // 16 MB written at once when a monitor starts loading a million locks.
        std::uint32_t rowPlusOne = 0;
    };
    struct FreeSlots
    {
        void operator()(Slot* memory) const { std::free(memory); }
    };
    static std::uint32_t tagOf(size_t hash)
    {
        return std::uint32_t(std::uint64_t(hash) ^ (std::uint64_t(hash) >> 32));
    }
    void place(Slot slot);
    void grow(size_t capacity);

    std::unique_ptr<Slot[], FreeSlots> m_slots; // m_capacity long, a power of two, or none
    size_t m_capacity = 0;
    size_t m_used = 0;
};

} // namespace lockscope
