#pragma once

#include "inspect/LockId.h"

#include <chrono>
#include <cstddef>
#include <optional>
#include <vector>

namespace lockscope {

// When each watched lock's lease runs out, earliest first. Redis only reports `expired` once
// its active-expiry cycle (hz 10 by default, sampling) or an access removes the key, which can
// lag; the watcher instead re-reads a lock when its own TTL says it is due, and that read makes
// Redis expire the key there and then. One deadline per lock, one timer (the earliest) for all:
// the cost is a read per lock that expires, never a poll of every lock.
//
// A binary heap in one vector: a few words a lock, where a std::set of deadlines and a map of
// ids would cost a node allocation each per lock.
// Each lock's entry in the caller's map holds its id and a Slot, both where they are until the
// entry is erased (a std::map's nodes do not move); the heap points at both and keeps the
// Slot told of the lock's place in it, so that a lock is moved or taken out directly. The
// caller removes a lock before erasing its entry.
class ExpirySchedule
{
public:
    using Clock = std::chrono::steady_clock;
    // The lock's place in the heap; npos: not scheduled.
    struct Slot
    {
        static constexpr size_t npos = static_cast<size_t>(-1);
        size_t at = npos;
    };

    void set(const LockIdView& id, Slot& slot, Clock::time_point deadline);
    void remove(Slot& slot);
    std::optional<Clock::time_point> earliest() const;
    // The locks whose deadline is at or before `now`, taken out (their slots cleared). The
    // pointers stay valid until their entries are erased.
    std::vector<const LockIdView*> takeDue(Clock::time_point now);
    size_t size() const { return m_heap.size(); }

private:
    struct Entry
    {
        Clock::time_point deadline;
        const LockIdView* id;
        Slot* slot;
    };
    void put(size_t at, Entry entry);
    void siftUp(size_t at);
    void siftDown(size_t at);
    void takeOut(size_t at);

    std::vector<Entry> m_heap; // earliest at the front
};

} // namespace lockscope
